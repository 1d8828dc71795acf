import { setCredits, withTransaction } from '@pressroom/platform';
import { createKey, createWorkspace, getWorkspace, PLANS, type Plan, revokeKey, setPlan } from '../../services/workspaces.js';
import { type AdminCommand, AdminUsageError, notFound, requireFlag } from '../command.js';

function parsePlan(value: string | undefined): Plan {
  const plan = (value ?? 'pro') as Plan;
  if (!PLANS.includes(plan)) throw new AdminUsageError(`--plan must be one of ${PLANS.join(', ')}`);
  return plan;
}

export const workspaceCommands: AdminCommand[] = [
  {
    name: 'workspace create',
    usage: 'workspace create --name N [--plan pro|basic|no-api]',
    flags: { name: { required: true, description: 'Workspace name' }, plan: { description: 'pro (default), basic or no-api' } },
    run: async (flags, { db, config }) => {
      const name = requireFlag(flags, 'name');
      const plan = parsePlan(flags['plan']);
      return withTransaction(db, async (tx) => {
        const ws = await createWorkspace(tx, { name, plan, credits: config.creditsDefaultGrant, aiCredits: config.creditsDefaultAiGrant });
        const apiKey = await createKey(tx, ws.id);
        return { workspace_id: ws.id, name: ws.name, plan: ws.plan, api_key: apiKey };
      });
    },
  },
  {
    name: 'key create',
    usage: 'key create --workspace ID',
    flags: { workspace: { required: true, description: 'Workspace id' } },
    run: async (flags, { db }) => {
      const ws = await getWorkspace(db, requireUuid(flags, 'workspace'));
      if (!ws) throw notFound('workspace');
      return { workspace_id: ws.id, api_key: await createKey(db, ws.id) };
    },
  },
  {
    name: 'key revoke',
    usage: 'key revoke --key KEY',
    flags: { key: { required: true, description: 'The API key to revoke' } },
    run: async (flags, { db }) => {
      const revoked = await revokeKey(db, requireFlag(flags, 'key'));
      if (!revoked) throw notFound('active key');
      return { revoked: true };
    },
  },
  {
    name: 'credits set',
    usage: 'credits set --workspace ID --amount N [--kind generation|ai]',
    flags: {
      workspace: { required: true, description: 'Workspace id' },
      amount: { required: true, description: 'Credits granted for the period' },
      kind: { description: 'generation (default) or ai' },
    },
    run: async (flags, { db }) => {
      const workspaceId = requireUuid(flags, 'workspace');
      const amount = Number(requireFlag(flags, 'amount'));
      if (!Number.isInteger(amount) || amount < 0) throw new AdminUsageError('--amount must be a whole number ≥ 0');
      const kind = flags['kind'] ?? 'generation';
      if (kind !== 'generation' && kind !== 'ai') throw new AdminUsageError('--kind must be generation or ai');
      if (!(await getWorkspace(db, workspaceId))) throw notFound('workspace');
      await setCredits(db, workspaceId, kind, amount);
      return { workspace_id: workspaceId, kind, amount };
    },
  },
  {
    name: 'plan set',
    usage: 'plan set --workspace ID --plan pro|basic|no-api',
    flags: { workspace: { required: true, description: 'Workspace id' }, plan: { required: true, description: 'pro, basic or no-api' } },
    run: async (flags, { db }) => {
      const workspaceId = requireUuid(flags, 'workspace');
      const plan = parsePlan(requireFlag(flags, 'plan'));
      if (!(await setPlan(db, workspaceId, plan))) throw notFound('workspace');
      return { workspace_id: workspaceId, plan };
    },
  },
];

function requireUuid(flags: Record<string, string | undefined>, name: string): string {
  const value = requireFlag(flags, name);
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)) throw new AdminUsageError(`--${name} must be a UUID`);
  return value;
}
