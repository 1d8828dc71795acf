import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningFarm, startFarm, waitForDesigns } from '../farm.js';
import { runSdkCheck } from '../sdk.js';

/** The print endpoints on a running farm: what a curl user and the abyssale SDK see. */
describe('print PDFs from a running farm', () => {
  let farm: RunningFarm;
  let printerId: string;
  let multipageId: string;
  const work = mkdtempSync(join(tmpdir(), 'pressroom-print-farm-'));

  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${farm.baseUrl}${path}`, {
      method,
      headers: { 'x-api-key': farm.apiKey, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  };

  const finished = async (id: string) => {
    const deadline = Date.now() + 150_000;
    for (;;) {
      const { status, json } = await api('GET', `/generation-request/${id}`);
      if (status === 200)
        return json as { banners: { file: { url: string; type: string }; format: Record<string, unknown> }[]; errors: unknown[] };
      if (Date.now() > deadline) throw new Error(`request ${id} not finished:\n${farm.output().slice(-3000)}`);
      await new Promise((r) => setTimeout(r, 500));
    }
  };

  const download = async (url: string, name: string) => {
    const file = join(work, name);
    writeFileSync(file, Buffer.from(await (await fetch(url)).arrayBuffer()));
    return file;
  };

  const CREDIT_COST_PRINT = 2; // the default of the option
  const remaining = async () => {
    const { json } = await api('GET', '/credits');
    return (json['generation_credits'] as { available: number }).available;
  };

  const pages = (file: string) => Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1]);
  const raster = (file: string, page: number) =>
    execFileSync('pdftoppm', ['-r', '20', '-f', String(page), '-l', String(page), '-gray', '-png', file]).toString('base64');

  beforeAll(async () => {
    farm = await startFarm({ timeoutMs: 170_000 });
    printerId = (await waitForDesigns(farm, 'type=printer'))[0]!.id;
    multipageId = (await waitForDesigns(farm, 'type=printer_multipage'))[0]!.id;
  });
  afterAll(async () => {
    if (farm?.process.exitCode === null) await farm.interrupt();
  });

  it('refuses what the contract refuses', async () => {
    expect((await api('POST', `/banner-builder/${printerId}/generate`, {})).json['id']).toBe('template_not_static');
    expect((await api('POST', `/async/banner-builder/${printerId}/generate-multipage-pdf`, { pages: {} })).json['id']).toBe(
      'invalid_design_type',
    );
    const unknownPage = await api('POST', `/async/banner-builder/${multipageId}/generate-multipage-pdf`, { pages: { page_9: {} } });
    expect([unknownPage.status, unknownPage.json['id']]).toEqual([400, 'invalid_payload']);
    const gradientText = await api('POST', `/async/banner-builder/${printerId}/generate`, {
      elements: { headline: { color: 'linear-gradient(0% 0% 100% 0%,0% cmyk(0,0,0,100) 1,100% cmyk(0,0,0,0) 1)' } },
    });
    expect([gradientText.status, gradientText.json['id']]).toEqual([400, 'invalid_payload']);
  });

  it('async generate on a printer design gives one PDF per format', async () => {
    const before = await remaining();
    const accepted = await api('POST', `/async/banner-builder/${printerId}/generate`, {});
    expect(await remaining()).toBe(before - 2 * CREDIT_COST_PRINT);
    expect(accepted.status).toBe(200);
    const done = await finished(accepted.json['generation_request_id'] as string);
    expect(done.errors).toEqual([]);
    expect(done.banners.map((b) => b.format['id']).sort()).toEqual(['a5', 'a6']);
    for (const banner of done.banners) {
      expect(banner.file.type).toBe('pdf');
      expect(banner.format['unit']).toBe('mm');
      expect(pages(await download(banner.file.url, `flyer-${String(banner.format['id'])}.pdf`))).toBe(1);
    }
  });

  it('a PDF that fails is refunded and reported per format', async () => {
    const before = await remaining();
    // A name under .invalid never resolves (RFC 6761): accepted at submit (only a forbidden address
    // is refused there), then a deterministic image_fetching_error at render.
    const accepted = await api('POST', `/async/banner-builder/${printerId}/generate`, {
      template_format_names: ['a6'],
      elements: { photo: { image_url: 'http://latte.pressroom.invalid/latte.jpg' } },
    });
    expect(accepted.status).toBe(200);
    const done = await finished(accepted.json['generation_request_id'] as string);
    expect(done.banners).toEqual([]);
    expect(done.errors).toEqual([{ template_format_name: 'a6', reason: expect.stringContaining('latte.pressroom.invalid') }]);
    expect(await remaining()).toBe(before);
  });

  it('generate-multipage-pdf: one PDF in page order; overrides on page 2 change page 2 only', async () => {
    const run = async (body: unknown, name: string) => {
      const accepted = await api('POST', `/async/banner-builder/${multipageId}/generate-multipage-pdf`, body);
      expect(accepted.status, JSON.stringify(accepted.json)).toBe(200);
      const done = await finished(accepted.json['generation_request_id'] as string);
      expect(done.errors).toEqual([]);
      expect(done.banners).toHaveLength(1);
      expect(done.banners[0]!.format).not.toHaveProperty('id');
      return download(done.banners[0]!.file.url, name);
    };
    const saved = await run({ pages: {} }, 'saved.pdf');
    const changed = await run({ pages: { page_2: { heading: { payload: 'Winter roasts' } } } }, 'changed.pdf');
    expect(pages(saved)).toBe(3);
    expect(pages(changed)).toBe(3);
    expect(raster(changed, 1)).toBe(raster(saved, 1));
    expect(raster(changed, 3)).toBe(raster(saved, 3));
    expect(raster(changed, 2)).not.toBe(raster(saved, 2));
    expect(execFileSync('pdftotext', ['-f', '2', '-l', '2', changed, '-'], { encoding: 'utf8' })).toContain('Winter roasts');
  });

  it('async generate on a multipage design gives the multipage PDF of the saved content', async () => {
    const accepted = await api('POST', `/async/banner-builder/${multipageId}/generate`, {});
    expect(accepted.status).toBe(200);
    const done = await finished(accepted.json['generation_request_id'] as string);
    expect(done.banners).toHaveLength(1);
    expect(pages(await download(done.banners[0]!.file.url, 'async-multipage.pdf'))).toBe(3);
    const named = await api('POST', `/async/banner-builder/${multipageId}/generate`, { template_format_names: ['page_1'] });
    expect([named.status, named.json['id']]).toEqual([404, 'format_not_found']);
  });

  it('the abyssale SDK: generate_multi_format_media and generate_multi_page_pdf validate strictly', async () => {
    const report = await runSdkCheck('print_check.py', farm.baseUrl, farm.apiKey, { PRINTER_ID: printerId, MULTIPAGE_ID: multipageId });
    expect(report.results.filter((r) => !r.ok)).toEqual([]);
    expect(report.passed).toBe(4);
  });
});
