// `npx tsx loadtest/seed-design.ts [--file static-summer-sale.json] [--workspace <uuid>]`
//
// Puts one example design (examples/designs) into a workspace of a local farm and prints its id,
// so the load tests have something to render on a fresh `npm start`. Uses the farm's own
// configuration (DATA_DIR, EMBEDDED_PG_PORT or DATABASE_URL), like `npm run admin`. A development
// fixture only: production designs arrive through the import API.
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadControlPlaneConfig } from '@pressroom/control-plane/config';
import { connectDatabase, createLogger, EXAMPLES_DIR, migrate, parseExampleDocument, withTransaction } from '@pressroom/platform';

const { values } = parseArgs({
  options: { file: { type: 'string', default: 'static-summer-sale.json' }, workspace: { type: 'string' } },
});
const config = loadControlPlaneConfig();
const dataDir = resolve(config.dataDir);
const workspaceId =
  values.workspace ?? (JSON.parse(await readFile(join(dataDir, 'demo-workspace.json'), 'utf8')) as { workspace_id: string }).workspace_id;

const parsed = parseExampleDocument(JSON.parse(await readFile(join(EXAMPLES_DIR, values.file ?? ''), 'utf8')));
if (!parsed.ok) {
  process.stderr.write(`${values.file} does not parse: ${JSON.stringify(parsed.issues)}\n`);
  process.exit(1);
}
const design = parsed.design;

const database = await connectDatabase({ ...config, dataDir, databasePoolSize: 1 }, createLogger('seed', 'silent'), 'pressroom-seed');
try {
  await migrate(database.pool);
  const seeded = await withTransaction(database.pool, async (tx) => {
    const project = await tx.query<{ id: string }>(
      `INSERT INTO projects (workspace_id, name) VALUES ($1, 'Load tests')
       ON CONFLICT (workspace_id, name) WHERE deleted_at IS NULL DO UPDATE SET name = EXCLUDED.name RETURNING id`,
      [workspaceId],
    );
    const row = await tx.query<{ id: string }>(
      'INSERT INTO designs (workspace_id, project_id, type, name, document) VALUES ($1, $2, $3, $4, $5) RETURNING id',
      [workspaceId, project.rows[0]!.id, design.type, design.name, JSON.stringify(design)],
    );
    const id = row.rows[0]!.id;
    const formats = 'formats' in design ? design.formats : [];
    for (const [position, f] of formats.entries()) {
      await tx.query('INSERT INTO design_formats (design_id, name, position, width, height, unit) VALUES ($1, $2, $3, $4, $5, $6)', [
        id,
        f.name,
        position,
        f.width,
        f.height,
        f.unit,
      ]);
    }
    return { design_id: id, type: design.type, formats: formats.map((f) => f.name) };
  });
  process.stdout.write(`${JSON.stringify(seeded)}\nexport PRESSROOM_DESIGN_ID=${seeded.design_id}\n`);
} finally {
  await database.stop();
}
