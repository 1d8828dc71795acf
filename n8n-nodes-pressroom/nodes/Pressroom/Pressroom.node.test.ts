import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { INodeExecutionData } from 'n8n-workflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binary, fakeExecute, fakeLoadOptions } from '../../test/fake.js';
import { fakeApi } from '../../test/fake-api.js';
import { elementsOf } from './actions.js';
import { Pressroom } from './Pressroom.node.js';

const DESIGN = '11111111-1111-4111-8111-111111111111';
const credentials = { baseUrl: 'http://farm.test/', apiKey: 'prk_test' };
const node = new Pressroom();

const run = (parameters: Record<string, unknown>, fetchImpl: typeof fetch, items?: INodeExecutionData[]) =>
  node.execute.call(fakeExecute({ parameters, credentials, fetch: fetchImpl, ...(items ? { items } : {}) }));

describe('elementsOf', () => {
  it('merges the override rows into the JSON, the rows winning, and skips empty rows', () => {
    expect(
      elementsOf(
        [
          { layer: 'title', property: 'payload', value: 'Hi' },
          { layer: '', property: 'x' },
        ],
        '{"title": {"font_size": 40, "payload": "old"}}',
      ),
    ).toEqual({
      title: { font_size: 40, payload: 'Hi' },
    });
    expect(() => elementsOf([], '[1]')).toThrow('must be an object');
  });
});

describe('the Pressroom node on a scripted API', () => {
  it('generate: the sync request with the format, file type and overrides, the key in x-api-key, the file as binary data', async () => {
    const api = fakeApi((call) => {
      if (call.path === `/banner-builder/${DESIGN}/generate`)
        return {
          body: { id: 'b1', file: { type: 'jpeg', url: 'http://files.test/b1.jpg', filename: 'card.jpeg' }, format: { id: 'square' } },
        };
      if (call.path === '/b1.jpg') return { bytes: Buffer.from('JPEGBYTES') };
      return undefined;
    });
    const [out] = await run(
      {
        operation: 'generate',
        designId: DESIGN,
        formatName: 'square',
        fileType: 'jpeg',
        overrides: { values: [{ layer: 'title', property: 'payload', value: 'Hello' }] },
        elementsJson: '{"title": {"font_size": 48}}',
        download: true,
      },
      api.fetch,
    );
    expect(api.calls[0]).toMatchObject({
      method: 'POST',
      path: `/banner-builder/${DESIGN}/generate`,
      headers: { 'x-api-key': 'prk_test' },
    });
    expect(api.calls[0]?.body).toEqual({
      template_format_name: 'square',
      image_file_type: 'jpeg',
      elements: { title: { font_size: 48, payload: 'Hello' } },
    });
    expect(api.calls[1]?.headers['x-api-key']).toBeUndefined();
    expect(out?.[0]?.json.id).toBe('b1');
    expect(Buffer.from(out?.[0]?.binary?.data?.data ?? '', 'base64').toString()).toBe('JPEGBYTES');
    expect(out?.[0]?.binary?.data?.fileName).toBe('card.jpeg');
  });

  it("an API refusal is a node error naming the envelope's id, with each field error's path", async () => {
    const api = fakeApi(() => ({
      status: 400,
      body: {
        id: 'invalid_payload',
        message: 'The request is not valid.',
        errors: [{ path: 'elements.title.font_size', code: 'out_of_range', message: 'too big' }],
      },
    }));
    const failure = run({ operation: 'generate', designId: DESIGN, download: false }, api.fetch);
    await expect(failure).rejects.toThrow(/400 invalid_payload: The request is not valid/);
    await expect(failure).rejects.toMatchObject({ description: 'elements.title.font_size: too big (out_of_range)' });
  });

  it('generate async, waiting by polling: 202 until final, then the request with its banners', async () => {
    let polls = 0;
    const api = fakeApi((call) => {
      if (call.path === `/async/banner-builder/${DESIGN}/generate`) return { body: { generation_request_id: 'r1' } };
      if (call.path === '/generation-request/r1') {
        polls += 1;
        return polls < 3
          ? { status: 202, body: { id: 'r1', is_finalized: false, banners: [] } }
          : { body: { id: 'r1', is_finalized: true, banners: [{ id: 'b' }], errors: [] } };
      }
      return undefined;
    });
    const [out] = await run(
      {
        operation: 'generateAsync',
        designId: DESIGN,
        formatNames: 'a, b',
        fileType: 'mp4',
        waitFor: 'poll',
        pollIntervalSeconds: 0.01,
        timeoutSeconds: 5,
      },
      api.fetch,
    );
    expect(api.calls[0]?.body).toEqual({ template_format_names: ['a', 'b'], image_file_type: 'mp4' });
    expect(polls).toBe(3);
    expect(out?.[0]?.json).toMatchObject({ id: 'r1', is_finalized: true });
  });

  it('generate async without waiting passes the callback URL and answers the request id at once', async () => {
    const api = fakeApi((call) => (call.method === 'POST' ? { body: { generation_request_id: 'r2' } } : undefined));
    const [out] = await run(
      { operation: 'generateAsync', designId: DESIGN, callbackUrl: 'https://n8n.test/webhook/x', waitFor: 'none' },
      api.fetch,
    );
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]?.body).toEqual({ callback_url: 'https://n8n.test/webhook/x' });
    expect(out?.[0]?.json.generation_request_id).toBe('r2');
  });

  it('bulk run: the input items are the rows of one run, with an idempotency key, polled to its end', async () => {
    let reads = 0;
    const api = fakeApi((call) => {
      if (call.path === `/designs/${DESIGN}/bulk-runs`) return { status: 202, body: { id: 'run1', status: 'queued', export_id: null } };
      if (call.path === '/bulk-runs/run1') {
        reads += 1;
        return {
          body:
            reads < 2 ? { id: 'run1', status: 'running' } : { id: 'run1', status: 'completed', export_id: 'e', archive_url: 'http://z' },
        };
      }
      return undefined;
    });
    const [out] = await run(
      {
        operation: 'bulkRun',
        designId: DESIGN,
        bulkSource: 'items',
        mappingJson: '{"Title": "title.payload"}',
        waitFor: 'poll',
        pollIntervalSeconds: 0.01,
      },
      api.fetch,
      [{ json: { Title: 'One' } }, { json: { Title: 'Two' } }],
    );
    expect(api.calls[0]?.body).toEqual({
      source: { type: 'rows', rows: [{ Title: 'One' }, { Title: 'Two' }] },
      mapping: { Title: 'title.payload' },
    });
    expect(api.calls[0]?.headers['idempotency-key']).toBe('n8n-execution-1-node-1');
    expect(out).toHaveLength(1);
    expect(out?.[0]?.json).toMatchObject({ status: 'completed', archive_url: 'http://z' });
  });

  it('bulk run from a CSV binary property sends it as csv_encoded', async () => {
    const api = fakeApi(() => ({ status: 202, body: { id: 'run2', status: 'queued' } }));
    const csv = Buffer.from('title.payload\nHello\n');
    await run({ operation: 'bulkRun', designId: DESIGN, bulkSource: 'csv', binaryProperty: 'sheet', waitFor: 'none' }, api.fetch, [
      { json: {}, binary: { sheet: binary(csv, 'rows.csv', 'text/csv') } },
    ]);
    expect(api.calls[0]?.body).toEqual({ source: { type: 'csv', csv_encoded: csv.toString('base64') } });
  });

  it('list designs as dropdown options, and the formats of the chosen design', async () => {
    const api = fakeApi((call) => {
      if (call.path === '/designs') return { body: [{ id: DESIGN, name: 'Card', type: 'static', category_name: 'Brand' }] };
      if (call.path === `/designs/${DESIGN}`) return { body: { formats: [{ id: 'square', width: 1080, height: 1080 }] } };
      return undefined;
    });
    const ctx = fakeLoadOptions({ parameters: { designId: DESIGN }, credentials, fetch: api.fetch });
    expect(await node.methods.loadOptions.getDesigns.call(ctx)).toEqual([{ name: 'Card (static)', value: DESIGN, description: 'Brand' }]);
    expect(await node.methods.loadOptions.getFormats.call(ctx)).toEqual([{ name: 'square (1080×1080)', value: 'square' }]);
    expect(api.calls[0]?.query.get('per_page')).toBe('100');
  });
});

describe('import design', () => {
  let server: Server;
  let uploadUrl: string;
  const received: Buffer[] = [];
  beforeAll(async () => {
    // The slot's form POST goes to the store with fetch (not the API helper): a real socket here.
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        received.push(Buffer.concat(chunks));
        res.statusCode = 204;
        res.end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    uploadUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/uploads`;
  });
  afterAll(() => server.close());

  it('validates, creates, fills the slot from the binary property of that file name, validates and waits for DONE', async () => {
    let polls = 0;
    const api = fakeApi((call) => {
      if (call.method === 'POST' && call.path === '/designs/import/json')
        return call.query.get('validate_only')
          ? { status: 204 }
          : {
              body: {
                id: 'imp1',
                status: 'WAITING_FOR_VALIDATION',
                uploads: [{ name: 'photo.png', url: uploadUrl, fields: { key: 'k', 'Content-Type': 'image/png' } }],
              },
            };
      if (call.method === 'PUT' && call.path === '/designs/import/json/imp1') return { body: { id: 'imp1', status: 'QUEUED' } };
      if (call.path === '/designs/import/json/imp1') {
        polls += 1;
        return {
          body: polls < 2 ? { id: 'imp1', status: 'PROCESSING' } : { id: 'imp1', status: 'DONE', result: { kind: 'design', uuid: 'd1' } },
        };
      }
      return undefined;
    });
    const payload = { name: 'Card', type: 'static', layers: [{ name: 'photo', type: 'image', properties: { src: 'photo.png' } }] };
    const [out] = await run(
      { operation: 'importDesign', payload: JSON.stringify(payload), projectId: 'p1', timeoutSeconds: 30 },
      api.fetch,
      [{ json: {}, binary: { photo: binary(Buffer.from('PNGDATA'), 'photo.png', 'image/png') } }],
    );
    expect(api.calls[0]?.body).toEqual({ ...payload, target: { kind: 'design', project_uuid: 'p1' } });
    expect(received[0]?.toString()).toContain('PNGDATA');
    expect(received[0]?.toString()).toContain('name="key"');
    expect(api.calls.map((c) => c.method)).toContain('PUT');
    expect(out?.[0]?.json).toMatchObject({ status: 'DONE', result: { uuid: 'd1' } });
  });

  it('an import that FAILS is a node error with its path and code', async () => {
    const api = fakeApi((call) => {
      if (call.method === 'POST')
        return call.query.get('validate_only') ? { status: 204 } : { body: { id: 'imp2', status: 'QUEUED', uploads: [] } };
      return {
        body: { id: 'imp2', status: 'FAILED', error: { path: 'layers[0].properties.src', code: 'invalid_asset', message: 'not an image' } },
      };
    });
    const failure = run({ operation: 'importDesign', payload: '{}', timeoutSeconds: 5 }, api.fetch);
    await expect(failure).rejects.toThrow('Import imp2 FAILED: not an image');
    await expect(failure).rejects.toMatchObject({ description: 'layers[0].properties.src (invalid_asset)' });
  });
});
