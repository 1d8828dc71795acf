import { NO_AI_CAPABILITIES } from '@pressroom/model';
import { memoryDesignSource, readCredits, recordOutcome } from '@pressroom/platform';
import { exampleDesign } from '@pressroom/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.js';
import { acceptGeneration } from './generation.js';
import { parseGeneration } from './generation-request.js';
import type { GenerationServiceDeps } from './generation-types.js';
import { outboundUrlCheck } from './outbound-urls.js';
import { createWorkspace } from './workspaces.js';

/**
 * Credits by output type on the static path: the request is priced by `creditCostOfFile` from the
 * configured costs, stores that price, and a failed file refunds the stored price even when the
 * configured one has changed since.
 */
describe('generation credits by output kind, on real Postgres', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.close());

  it('charges CREDIT_COST_IMAGE per static file and refunds a failed file at the stored price', async () => {
    const ws = await createWorkspace(h.db.pool, { name: 'Credits', plan: 'pro', credits: 100, aiCredits: 0 });
    const project = (
      await h.db.pool.query<{ id: string }>(`INSERT INTO projects (workspace_id, name) VALUES ($1, 'P') RETURNING id`, [ws.id])
    ).rows[0]!.id;
    const design = await exampleDesign('static-summer-sale.json', { workspaceId: ws.id, projectId: project });
    const formats = design.design.type === 'printer_multipage' ? [] : design.design.formats.map((f) => f.name);
    expect(formats.length).toBeGreaterThan(0);
    const deps = (image: number): GenerationServiceDeps => ({
      db: h.db.pool,
      designs: memoryDesignSource([design]),
      creditCosts: { image, animation: 50, print: 20 },
      ai: NO_AI_CAPABILITIES,
      creditCostAi: 1,
      outbound: outboundUrlCheck({ allowPrivateNetworks: false }),
      renderWorkers: async () => [],
    });

    const requestId = await acceptGeneration(deps(3), ws, await parseGeneration(deps(3), ws, design.id, 'async', {}));
    const stored = await h.db.pool.query<{ credit_per_file: number }>('SELECT credit_per_file FROM generation_requests WHERE id = $1', [
      requestId,
    ]);
    expect(stored.rows[0]!.credit_per_file).toBe(3);
    expect((await readCredits(h.db.pool, ws.id)).generation.consumed).toBe(3 * formats.length);

    // The price changes; the failure of one file still gives back what was charged for it.
    await acceptGeneration(deps(7), ws, await parseGeneration(deps(7), ws, design.id, 'async', { template_format_names: [formats[0]] }));
    expect((await readCredits(h.db.pool, ws.id)).generation.consumed).toBe(3 * formats.length + 7);
    await recordOutcome(
      h.db.pool,
      requestId,
      { kind: 'error', formatName: formats[0]!, errorId: 'cannot_build_banner', reason: 'text does not fit' },
      h.storage,
    );
    expect((await readCredits(h.db.pool, ws.id)).generation.consumed).toBe(3 * (formats.length - 1) + 7);
  });
});
