// The acceptance path of an import with an uploaded picture (#21.3): create, fill the slot by its
// presigned form POST, PUT, wait for DONE, render every format, and find the picture in each.
// Shared by the local-storage and the MinIO farm tests so both walk the same path.
import { formOf } from '@pressroom/platform/testing';
import sharp from 'sharp';
import { expect } from 'vitest';
import { api, type Farm, type Json, waitFinal } from './farm-processes.js';

/** Where the picture sits in each format of the fixture, and its colour. */
export const PICTURE_COLOUR = { r: 255, g: 0, b: 255 };
const BOXES: Record<string, { x: number; y: number; width: number; height: number; size: [number, number] }> = {
  square: { x: 100, y: 100, width: 200, height: 200, size: [400, 400] },
  wide: { x: 350, y: 50, width: 200, height: 200, size: [600, 300] },
};

/**
 * The one raw payload of this file (Abyssale's import format): two formats, one image layer with
 * a box per format whose bare file name `src` waits for an upload.
 */
export function uploadedPictureDesign(projectId: string): Record<string, unknown> {
  return {
    name: 'Uploaded picture',
    type: 'static',
    formats: Object.entries(BOXES).map(([name, b]) => ({ name, width: b.size[0], height: b.size[1], background_color: '#102030' })),
    layers: [
      {
        name: 'hero',
        type: 'image',
        layout: Object.fromEntries(Object.entries(BOXES).map(([name, { x, y, width, height }]) => [name, { x, y, width, height }])),
        properties: { src: 'hero.png', fitting_type: 'cover' },
      },
    ],
    target: { kind: 'design', project_uuid: projectId },
  };
}

export async function picturePng(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 64, channels: 3, background: PICTURE_COLOUR } })
    .png()
    .toBuffer();
}

/**
 * Imports the fixture through the whole flow and checks every format's render shows the
 * uploaded picture inside its box and the background outside it. `slotUrlPrefix` is where the
 * slot's form must post (the bucket on S3, the farm's own /uploads locally). `fetchFile` posts the
 * form and downloads the files (the container test reaches the bucket's URLs through a published port).
 */
export async function importAndRenderUploadedPicture(
  farm: Pick<Farm, 'baseUrl'>,
  key: string,
  slotUrlPrefix: string,
  fetchFile: typeof fetch = fetch,
): Promise<void> {
  const project = await api(farm, key, 'POST', '/projects', { name: `Uploaded picture ${Date.now()}` });
  expect(project.status, JSON.stringify(project.body)).toBeLessThan(300);
  const created = await api(farm, key, 'POST', '/designs/import/json', uploadedPictureDesign(project.body.id));
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  expect(created.body.status).toBe('WAITING_FOR_VALIDATION');
  expect(created.body.uploads).toHaveLength(1);
  const slot = created.body.uploads[0] as Json;
  expect(slot).toMatchObject({ target: 'layer', name: 'hero.png', page: 'page_1', max_bytes: 20_000_000 });
  expect(slot.url.startsWith(slotUrlPrefix), slot.url).toBe(true);

  const posted = await fetchFile(slot.url, { method: 'POST', body: formOf(slot.fields, await picturePng(), 'hero.png') });
  expect(posted.status, await posted.text()).toBe(204);
  const validated = await api(farm, key, 'PUT', `/designs/import/json/${created.body.id}`);
  expect(validated.status, JSON.stringify(validated.body)).toBe(200);

  const record = await waitForImportRecord(farm, key, created.body.id);
  expect(record.status, JSON.stringify(record)).toBe('DONE');

  const res = await api(farm, key, 'POST', `/async/banner-builder/${record.result.uuid}/generate`, { image_file_type: 'png' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const done = await waitFinal(farm, key, res.body.generation_request_id, 120_000);
  expect(done.errors ?? []).toEqual([]);
  expect(done.banners.map((b: Json) => b.format.id).sort()).toEqual(Object.keys(BOXES).sort());
  for (const banner of done.banners) {
    const box = BOXES[banner.format.id as string]!;
    const file = Buffer.from(await (await fetchFile(banner.file.url)).arrayBuffer());
    const { data, info } = await sharp(file).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual(box.size);
    const at = (x: number, y: number) => {
      const i = (y * info.width + x) * 3;
      return { r: data[i], g: data[i + 1], b: data[i + 2] };
    };
    const inside = at(box.x + box.width / 2, box.y + box.height / 2);
    expect(inside, `${banner.format.id}: the picture at the centre of its box`).toEqual(PICTURE_COLOUR);
    expect(at(5, 5), `${banner.format.id}: the background outside it`).toEqual({ r: 0x10, g: 0x20, b: 0x30 });
  }
}

/** Polls an import until DONE or FAILED (or two minutes went by) and answers its record. */
export async function waitForImportRecord(farm: Pick<Farm, 'baseUrl'>, key: string, id: string): Promise<Json> {
  const deadline = Date.now() + 120_000;
  let record: Json;
  do {
    await new Promise((r) => setTimeout(r, 500));
    record = (await api(farm, key, 'GET', `/designs/import/json/${id}`)).body;
  } while (!['DONE', 'FAILED'].includes(record.status) && Date.now() < deadline);
  return record;
}
