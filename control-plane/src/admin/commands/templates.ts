import { createCategory, listCategories } from '../../services/templates.js';
import { getWorkspace } from '../../services/workspaces.js';
import { type AdminCommand, AdminUsageError, notFound, requireFlag } from '../command.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function workspaceFlag(flags: Record<string, string | undefined>): string {
  const id = requireFlag(flags, 'workspace');
  if (!UUID.test(id)) throw new AdminUsageError('--workspace must be a workspace id (UUID)');
  return id;
}

/**
 * Workspace-template categories: the API only reads them (docs/api.md), so they are made here. A
 * template lands in one by importing with `target: {kind: 'workspace_template', category_id}`.
 */
export const templateCommands: AdminCommand[] = [
  {
    name: 'category create',
    usage: 'category create --workspace ID --name N [--color #RRGGBB] [--icon NAME]',
    flags: {
      workspace: { required: true, description: 'Workspace id' },
      name: { required: true, description: 'Category name' },
      color: { description: 'Display colour, e.g. #4F46E5' },
      icon: { description: 'Display icon name, e.g. star' },
    },
    run: async (flags, { db }) => {
      const ws = await getWorkspace(db, workspaceFlag(flags));
      if (!ws) throw notFound('workspace');
      const color = flags['color'];
      if (color !== undefined && !/^#[0-9a-f]{6}$/i.test(color)) throw new AdminUsageError('--color must be #RRGGBB');
      return createCategory(db, ws.id, {
        name: requireFlag(flags, 'name'),
        ...(color ? { color } : {}),
        ...(flags['icon'] ? { icon: flags['icon'] } : {}),
      });
    },
  },
  {
    name: 'category list',
    usage: 'category list --workspace ID',
    flags: { workspace: { required: true, description: 'Workspace id' } },
    run: async (flags, { db }) => ({ categories: await listCategories(db, workspaceFlag(flags)) }),
  },
];
