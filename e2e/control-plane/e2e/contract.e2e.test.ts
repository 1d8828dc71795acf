// The contract against `npm start` with its example designs: image sources Chromium cannot draw
// itself, and the OpenAPI document checked from outside by schemathesis.

import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type DesignType, type GenerationRequestKind, generationFieldsJsonSchema, parseGenerationRequest } from '@pressroom/model';
import { sdkPython } from '@pressroom/platform/testing';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, waitFinal } from '../../render-worker/tasks/testing/farm-processes.js';
import { type RunningFarm, startFarm, waitForDesigns } from '../farm.js';

const CONFIG = fileURLToPath(new URL('./schemathesis.toml', import.meta.url));
const BODIES_SCRIPT = fileURLToPath(new URL('./schemathesis_bodies.py', import.meta.url));
/** Examples per operation and phase: enough to cover every operation's schema, short enough for CI. */
const MAX_EXAMPLES = process.env.SCHEMATHESIS_MAX_EXAMPLES ?? '10';

/** Runs the schemathesis CLI pinned in requirements-test.txt, from the tests' Python venv. */
function schemathesis(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return python(['-c', 'import sys; from schemathesis.cli import schemathesis; sys.exit(schemathesis())', ...args], env);
}

/** Runs the tests' Python (where schemathesis is installed); stdout and stderr as one text, and stdout alone. */
function python(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; output: string; stdout: string }> {
  const child = spawn(sdkPython(), args, { env: { ...process.env, ...env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let stdout = '';
  child.stdout.on('data', (d) => {
    output += String(d);
    stdout += String(d);
  });
  child.stderr.on('data', (d) => {
    output += String(d);
  });
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output, stdout })));
}

/**
 * The farm's global ceiling, and schemathesis paced under it (--rate-limit), so the run meets no
 * 429 of its own making. The per-tier minute and hour budgets are raised far above what the run
 * sends: they have their own tests (rate-limit.int.test.ts). At 80 requests a second the pace no
 * longer sets the run's length on two cores (its 6,264 cases took 210 s, about 30 a second; paced
 * at 20 they took 370 s in CI).
 */
const GLOBAL_PER_SECOND = 160;
const PACE = `${GLOBAL_PER_SECOND / 2}/s`;
const UNLIMITED = {
  RATE_LIMIT_GLOBAL_PER_SECOND: String(GLOBAL_PER_SECOND),
  RATE_LIMIT_POLLING_PER_MINUTE: '1000000',
  RATE_LIMIT_POLLING_PER_HOUR: '1000000',
  RATE_LIMIT_READ_PER_MINUTE: '1000000',
  RATE_LIMIT_READ_PER_HOUR: '1000000',
  RATE_LIMIT_VALIDATION_PER_MINUTE: '1000000',
  RATE_LIMIT_VALIDATION_PER_HOUR: '1000000',
  RATE_LIMIT_WRITE_PER_MINUTE: '1000000',
  RATE_LIMIT_WRITE_PER_HOUR: '1000000',
};

describe('the API contract against npm start', () => {
  let farm: RunningFarm;
  let summerSale: string;
  let webinar: string;

  beforeAll(async () => {
    farm = await startFarm({ timeoutMs: 170_000, env: UNLIMITED });
    const designs = await waitForDesigns(farm, 'name=Summer');
    summerSale = designs[0]!.id;
    webinar = (await waitForDesigns(farm, 'name=Webinar'))[0]!.id;
  });
  afterAll(async () => {
    if (farm && farm.process.exitCode === null) await farm.interrupt();
  });

  // Asynchronous, so a cold worker on a loaded machine is not held to the 10-second sync budget.
  const generate = async (elements: unknown) => {
    const res = await api(farm, farm.apiKey, 'POST', `/async/banner-builder/${summerSale}/generate`, {
      template_format_names: ['square'],
      image_file_type: 'png',
      elements,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const final = await waitFinal(farm, farm.apiKey, res.body.generation_request_id, 90_000);
    expect(final.errors).toEqual([]);
    const file = await fetch(final.banners[0].file.url);
    return sharp(Buffer.from(await file.arrayBuffer()))
      .raw()
      .toBuffer();
  };

  it('draws a TIFF image source exactly as the same pixels sent as PNG', async () => {
    const pixels = sharp({ create: { width: 64, height: 48, channels: 3, background: '#d9262b' } });
    const tiff = await pixels.clone().tiff({ compression: 'lzw' }).toBuffer();
    const png = await pixels.clone().png().toBuffer();
    const fromTiff = await generate({ 'hero-photo': { image_encoded: tiff.toString('base64') } });
    const fromPng = await generate({ 'hero-photo': { image_encoded: png.toString('base64') } });
    const without = await generate({});
    expect(fromTiff.equals(without)).toBe(false);
    expect(fromTiff.equals(fromPng)).toBe(true);
  });

  it('schemathesis generates the format fields the generation bodies take, and the fields each refuses only as null', async () => {
    const OPERATIONS = {
      sync: ['/banner-builder/{id}/generate', 'static'],
      async: ['/async/banner-builder/{id}/generate', 'static'],
      multipage: ['/async/banner-builder/{id}/generate-multipage-pdf', 'printer_multipage'],
    } as const satisfies Record<GenerationRequestKind, readonly [string, DesignType]>;
    // Drawn as a contract run draws its positive cases, from the document the farm serves (25-60 s here).
    const { code, output, stdout } = await python([
      BODIES_SCRIPT,
      `${farm.baseUrl}/openapi.json`,
      '200',
      'positive',
      ...Object.values(OPERATIONS).map(([path]) => path),
    ]);
    expect(code, output).toBe(0);
    const drawn = JSON.parse(stdout) as Record<string, Record<string, unknown>[]>;
    for (const [kind, [path, designType]] of Object.entries(OPERATIONS) as [GenerationRequestKind, readonly [string, DesignType]][]) {
      const fields = generationFieldsJsonSchema(kind);
      const refused = Object.keys(fields).filter((field) => fields[field]!['type'] === 'null');
      const bodies = drawn[path]!;
      expect(bodies.length, path).toBeGreaterThan(0);
      // Each field is met (the document names it), a refused one only as null.
      for (const field of Object.keys(fields))
        expect(
          bodies.some((body) => field in body),
          `${path} ${field}`,
        ).toBe(true);
      if (kind === 'async')
        expect(
          bodies.some((body) => Array.isArray(body['template_format_names'])),
          path,
        ).toBe(true);
      for (const body of bodies) {
        for (const field of refused) expect(body[field] ?? null, `${path} ${field}`).toBeNull();
        // What the parser says of these fields: nothing (the design decides the rest: layers, vendor options).
        const parsed = parseGenerationRequest(kind, body, { designType });
        const issues = parsed.ok ? [] : (parsed.error.issues ?? []).filter((issue) => issue.path.split(/[.[]/)[0]! in fields);
        expect(issues, `${path} ${JSON.stringify(body)}`).toEqual([]);
      }
    }
  }, 240_000);

  it('schemathesis --checks all finds no failure in the OpenAPI document', async () => {
    // Real ids of this farm, so the operations that read one reach their logic instead of a 404
    // (schemathesis.toml binds them): an example design and a file generated from it.
    const accepted = await api(farm, farm.apiKey, 'POST', `/async/banner-builder/${summerSale}/generate`, {
      template_format_names: ['square'],
      image_file_type: 'png',
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const requestId = String(accepted.body.generation_request_id);
    const final = await waitFinal(farm, farm.apiKey, requestId, 90_000);
    const bannerId = String((final.banners as { id: string }[])[0]!.id);
    const bulk = await api(farm, farm.apiKey, 'POST', `/designs/${summerSale}/bulk-runs`, {
      source: { type: 'rows', rows: [{ 'headline.payload': 'Contract' }] },
      formats: ['square'],
    });
    expect(bulk.status, JSON.stringify(bulk.body)).toBe(202);
    const { code, output } = await schemathesis(
      [
        '--config-file',
        CONFIG,
        'run',
        `${farm.baseUrl}/openapi.json`,
        '--checks',
        'all',
        '--max-examples',
        MAX_EXAMPLES,
        // One worker: CPython 3.11.7's ast.parse is not thread-safe ("AST constructor recursion depth
        // mismatch", fixed in 3.11.8), and hypothesis calls it while describing its strategies.
        '--workers',
        '1',
        '--rate-limit',
        PACE,
        '--seed',
        process.env.SCHEMATHESIS_SEED ?? '20261123',
      ],
      {
        PRESSROOM_API_KEY: farm.apiKey,
        PRESSROOM_DESIGN_ID: summerSale,
        PRESSROOM_EDITED_DESIGN_ID: webinar,
        PRESSROOM_BANNER_ID: bannerId,
        PRESSROOM_GENERATION_REQUEST_ID: requestId,
        PRESSROOM_BULK_RUN_ID: String(bulk.body.id),
      },
    );
    const summary = output.slice(output.lastIndexOf('SUMMARY'));
    const report = output.includes('FAILURES')
      ? output.slice(output.indexOf('FAILURES'), output.indexOf('FAILURES') + 8000)
      : output.slice(-6000);
    // Every operation of the document was exercised, however many the API has.
    const document = (await (await fetch(`${farm.baseUrl}/openapi.json`)).json()) as { paths: Record<string, object> };
    const operations = Object.values(document.paths).reduce((n, item) => n + Object.keys(item).length, 0);
    expect(operations).toBeGreaterThan(30);
    expect(summary, report).toMatch(new RegExp(`Tested: ${operations}\\b`));
    expect(summary, report).not.toMatch(/Failures:|unique failures|Errors:/);
    expect(code, report).toBe(0);
  }, 600_000);
});
