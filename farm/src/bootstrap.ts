import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createKey, createWorkspace, findWorkspaceByKey } from '@pressroom/control-plane';
import { withTransaction } from '@pressroom/platform';
import type pg from 'pg';

export interface DemoWorkspace {
  workspace_id: string;
  name: string;
  api_key: string;
}

/**
 * The demo workspace of a fresh farm. Its key is kept in DATA_DIR (mode 0600) so that every
 * start can print a working key; the database only ever holds the key's digest.
 */
export async function ensureDemoWorkspace(
  db: pg.Pool,
  dataDir: string,
  grants: { credits: number; aiCredits: number },
): Promise<{ demo: DemoWorkspace; created: boolean }> {
  const file = join(dataDir, 'demo-workspace.json');
  if (existsSync(file)) {
    const demo = JSON.parse(await readFile(file, 'utf8')) as DemoWorkspace;
    if (await findWorkspaceByKey(db, demo.api_key)) return { demo, created: false };
  }
  const demo = await withTransaction(db, async (tx) => {
    const ws = await createWorkspace(tx, { name: 'Demo workspace', plan: 'pro', credits: grants.credits, aiCredits: grants.aiCredits });
    return { workspace_id: ws.id, name: ws.name, api_key: await createKey(tx, ws.id) };
  });
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, `${JSON.stringify(demo, null, 2)}\n`, { mode: 0o600 });
  return { demo, created: true };
}
