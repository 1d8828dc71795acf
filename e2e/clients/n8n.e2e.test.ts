// Issue 41's acceptance for the n8n node: its operations run as n8n runs them (the node's own
// execute and loadOptions methods, on a typed stand-in for n8n's function context whose HTTP helper
// is fetch) against a farm started as `npm start` starts it: designs and formats as dropdowns, a
// sync image, an async MP4 waited for by polling, an import whose picture comes as binary data, and
// a bulk run from the input items (once the bulk API is there).
import { rm } from 'node:fs/promises';
import type { INodeExecutionData } from 'n8n-workflow';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Pressroom } from '../../n8n-nodes-pressroom/nodes/Pressroom/Pressroom.node.js';
import { binary, fakeExecute, fakeLoadOptions } from '../../n8n-nodes-pressroom/test/fake.js';
import { colourAt, expectNear } from '../control-plane/e2e/pixels.js';
import { type RunningFarm, startFarm, waitForDesigns } from '../control-plane/farm.js';
import { HAS_BULK_API } from './bulk-api.js';

const node = new Pressroom();

describe('the n8n node on a farm', () => {
  let farm: RunningFarm;
  let credentials: { baseUrl: string; apiKey: string };

  const execute = async (parameters: Record<string, unknown>, items?: INodeExecutionData[]) =>
    (await node.execute.call(fakeExecute({ parameters, credentials, ...(items ? { items } : {}) })))[0] ?? [];

  beforeAll(async () => {
    farm = await startFarm();
    credentials = { baseUrl: farm.baseUrl, apiKey: farm.apiKey };
    // The example designs are imported by a worker job after start, one by one.
    await waitForDesigns(farm, 'query=teaser');
    await waitForDesigns(farm, 'query=Webinar');
  });

  afterAll(async () => {
    await farm?.interrupt();
    if (farm) await rm(farm.dataDir, { recursive: true, force: true });
  });

  const designNamed = async (part: string): Promise<string> => {
    const options = await node.methods.loadOptions.getDesigns.call(fakeLoadOptions({ parameters: {}, credentials }));
    const found = options.find((o) => o.name.includes(part));
    expect(found, JSON.stringify(options)).toBeTruthy();
    return String(found?.value);
  };

  it('generates an image: the design and format from the dropdowns, an override, the JPEG as binary data', async () => {
    const designId = await designNamed('Webinar');
    const formats = await node.methods.loadOptions.getFormats.call(fakeLoadOptions({ parameters: { designId }, credentials }));
    expect(formats.map((f) => f.value)).toEqual(expect.arrayContaining(['landscape', 'square']));
    const [item] = await execute({
      operation: 'generate',
      designId,
      formatName: 'landscape',
      fileType: 'jpeg',
      overrides: { values: [{ layer: 'panel', property: 'background_color', value: '#FF0000' }] },
      elementsJson: '{}',
      download: true,
    });
    expect(item?.json).toMatchObject({ file: { type: 'jpeg' }, format: { width: 1200, height: 628 } });
    const bytes = Buffer.from(item?.binary?.data?.data ?? '', 'base64');
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 628 });
    expectNear(await colourAt(bytes, 20, 20), '#FF0000', 'the overridden panel');
  });

  it('completes an async MP4, waiting by polling', async () => {
    const designId = await designNamed('teaser');
    const [item] = await execute({
      operation: 'generateAsync',
      designId,
      fileType: 'mp4',
      waitFor: 'poll',
      pollIntervalSeconds: 1,
      timeoutSeconds: 170,
    });
    expect(item?.json).toMatchObject({ is_finalized: true, errors: [] });
    const banners = item?.json.banners as { file: { type: string; url: string } }[];
    expect(banners.length).toBeGreaterThan(0);
    for (const banner of banners) {
      expect(banner.file.type).toBe('mp4');
      const bytes = Buffer.from(await (await fetch(banner.file.url)).arrayBuffer());
      expect(bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
    }
  });

  it('imports a design whose picture comes as binary data, into a project from the dropdown', async () => {
    const projects = await node.methods.loadOptions.getProjects.call(fakeLoadOptions({ parameters: {}, credentials }));
    const project = projects.find((p) => p.name === 'Examples');
    expect(project).toBeTruthy();
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#00C853' } })
      .png()
      .toBuffer();
    const payload = {
      name: 'From n8n',
      type: 'static',
      formats: [{ name: 'square', width: 100, height: 100 }],
      layers: [{ name: 'photo', type: 'image', layout: { x: 0, y: 0, width: 100, height: 100 }, properties: { src: 'photo.png' } }],
    };
    const [item] = await execute(
      { operation: 'importDesign', payload: JSON.stringify(payload), projectId: project?.value, timeoutSeconds: 170 },
      [{ json: {}, binary: { photo: binary(png, 'photo.png', 'image/png') } }],
    );
    expect(item?.json).toMatchObject({ status: 'DONE', result: { kind: 'design', project_uuid: project?.value } });
    const [render] = await execute({
      operation: 'generate',
      designId: (item?.json.result as { uuid: string } | undefined)?.uuid,
      fileType: 'png',
      download: true,
    });
    expectNear(await colourAt(Buffer.from(render?.binary?.data?.data ?? '', 'base64'), 50, 50), '#00C853', 'the uploaded picture');
  });

  it("an invalid override is a node error with the API's id and path", async () => {
    const designId = await designNamed('Webinar');
    await expect(execute({ operation: 'generate', designId, formatName: 'nope', download: false })).rejects.toThrow(/404 format_not_found/);
  });

  it.runIf(HAS_BULK_API)('runs a bulk run from the input items and waits for its end (needs the bulk API, #37)', async () => {
    const designId = await designNamed('Webinar');
    const [item] = await execute(
      {
        operation: 'bulkRun',
        designId,
        bulkSource: 'items',
        formatNames: 'landscape',
        waitFor: 'poll',
        pollIntervalSeconds: 1,
        timeoutSeconds: 170,
      },
      [{ json: { 'title.payload': 'First row' } }, { json: { 'title.payload': 'Second row' } }],
    );
    expect(item?.json).toMatchObject({ status: 'completed', row_count: 2, file_count: 2, rows: { done: 2, failed: 0, pending: 0 } });
    expect(item?.json.result_csv_url).toBeTruthy();
  });
});
