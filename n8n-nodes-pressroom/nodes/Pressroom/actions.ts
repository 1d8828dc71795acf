/** The node's operations over the REST API, each a function of the execute context (and an item). */
import {
  type IDataObject,
  type IExecuteFunctions,
  type ILoadOptionsFunctions,
  type INodeExecutionData,
  type INodePropertyOptions,
  NodeOperationError,
  sleep,
} from 'n8n-workflow';
import { download, envelopeError, type PressroomContext, pressroomRequest } from './transport';

type Json = IDataObject;

/** `elements` from the node's override rows (layer, property, value) and its JSON field, the rows winning. */
export function elementsOf(rows: { layer?: string; property?: string; value?: string }[], json: unknown): IDataObject {
  const parsed = typeof json === 'string' ? (json.trim() === '' ? {} : JSON.parse(json)) : (json ?? {});
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new Error('Elements (JSON) must be an object of layers');
  const elements = structuredClone(parsed) as IDataObject;
  for (const row of rows) {
    if (!row.layer || !row.property) continue;
    const layer = (elements[row.layer] ?? {}) as IDataObject;
    layer[row.property] = row.value ?? '';
    elements[row.layer] = layer;
  }
  return elements;
}

const list = (value: unknown): string[] =>
  String(value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

function generationBody(ctx: IExecuteFunctions, i: number): IDataObject {
  const rows = (ctx.getNodeParameter('overrides.values', i, []) as IDataObject[]).map((r) => ({
    layer: String(r.layer ?? ''),
    property: String(r.property ?? ''),
    value: String(r.value ?? ''),
  }));
  let elements: IDataObject;
  try {
    elements = elementsOf(rows, ctx.getNodeParameter('elementsJson', i, '{}'));
  } catch (error) {
    throw new NodeOperationError(ctx.getNode(), (error as Error).message, { itemIndex: i });
  }
  const fileType = String(ctx.getNodeParameter('fileType', i, '') ?? '');
  return { ...(Object.keys(elements).length > 0 ? { elements } : {}), ...(fileType ? { image_file_type: fileType } : {}) };
}

/** Sync generation: one static format, the Banner as JSON and, when asked, its file as binary `data`. */
export async function generate(ctx: IExecuteFunctions, i: number): Promise<INodeExecutionData> {
  const designId = String(ctx.getNodeParameter('designId', i));
  const format = String(ctx.getNodeParameter('formatName', i, '') ?? '');
  const { body: banner } = await pressroomRequest<Json>(ctx, 'POST', `/banner-builder/${designId}/generate`, {
    body: { ...generationBody(ctx, i), ...(format ? { template_format_name: format } : {}) },
  });
  const item: INodeExecutionData = { json: banner, pairedItem: { item: i } };
  if (ctx.getNodeParameter('download', i, true)) {
    const file = banner.file as IDataObject;
    const name = String(file.filename ?? `${banner.id}.${file.type}`);
    item.binary = { data: await ctx.helpers.prepareBinaryData(await download(ctx, String(file.url)), name) };
  }
  return item;
}

/** Polls `GET /generation-request/<id>` until 200 (final). */
export async function waitForGeneration(ctx: PressroomContext, id: string, intervalMs: number, timeoutMs: number): Promise<Json> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await pressroomRequest<Json>(ctx, 'GET', `/generation-request/${id}`, { accept: [202] });
    if (answer.status === 200) return answer.body;
    if (Date.now() > deadline)
      throw new NodeOperationError(ctx.getNode(), `Generation request ${id} not final after ${timeoutMs / 1000} s`);
    await sleep(intervalMs);
  }
}

/**
 * Async generation (any design type: MP4, GIF, HTML5, PDF): the request id, with the callback URL
 * (a Pressroom Trigger's webhook, for example) when given; or, waiting by polling, the final request
 * with its files.
 */
export async function generateAsync(ctx: IExecuteFunctions, i: number): Promise<INodeExecutionData> {
  const designId = String(ctx.getNodeParameter('designId', i));
  const formats = list(ctx.getNodeParameter('formatNames', i, ''));
  const callbackUrl = String(ctx.getNodeParameter('callbackUrl', i, '') ?? '');
  const { body } = await pressroomRequest<Json>(ctx, 'POST', `/async/banner-builder/${designId}/generate`, {
    body: {
      ...generationBody(ctx, i),
      ...(formats.length > 0 ? { template_format_names: formats } : {}),
      ...(callbackUrl ? { callback_url: callbackUrl } : {}),
    },
  });
  const id = String(body.generation_request_id);
  if (ctx.getNodeParameter('waitFor', i, 'poll') !== 'poll') return { json: body, pairedItem: { item: i } };
  const request = await waitForGeneration(
    ctx,
    id,
    Number(ctx.getNodeParameter('pollIntervalSeconds', i, 2)) * 1000,
    Number(ctx.getNodeParameter('timeoutSeconds', i, 600)) * 1000,
  );
  const errors = (request.errors ?? []) as IDataObject[];
  if (errors.length > 0 && ((request.banners ?? []) as IDataObject[]).length === 0)
    throw new NodeOperationError(ctx.getNode(), `Generation request ${id}: every format failed`, {
      description: errors.map((e) => `${e.template_format_name}: ${e.reason}`).join('\n'),
      itemIndex: i,
    });
  return { json: request, pairedItem: { item: i } };
}

const FINAL_RUN = new Set(['completed', 'cancelled', 'failed']);

/**
 * A bulk run (docs/bulk.md): the rows are the input items' JSON (one run for all items), or a CSV
 * from a binary property; an Idempotency-Key from the execution, so n8n's retry of this node never
 * starts a second run. Waiting by polling answers the finished run.
 */
export async function bulkRun(ctx: IExecuteFunctions): Promise<INodeExecutionData[]> {
  const items = ctx.getInputData();
  const designId = String(ctx.getNodeParameter('designId', 0));
  const sourceKind = String(ctx.getNodeParameter('bulkSource', 0, 'items'));
  let source: IDataObject;
  if (sourceKind === 'csv') {
    const property = String(ctx.getNodeParameter('binaryProperty', 0, 'data'));
    const bytes = await ctx.helpers.getBinaryDataBuffer(0, property);
    source = { type: 'csv', csv_encoded: bytes.toString('base64') };
  } else {
    source = { type: 'rows', rows: items.map((item) => item.json) };
  }
  const mappingText = String(ctx.getNodeParameter('mappingJson', 0, '{}') ?? '{}');
  let mapping: IDataObject;
  try {
    mapping = mappingText.trim() ? JSON.parse(mappingText) : {};
  } catch {
    throw new NodeOperationError(ctx.getNode(), 'Mapping (JSON) is not valid JSON');
  }
  const formats = list(ctx.getNodeParameter('formatNames', 0, ''));
  const fileType = String(ctx.getNodeParameter('fileType', 0, '') ?? '');
  const callbackUrl = String(ctx.getNodeParameter('callbackUrl', 0, '') ?? '');
  const body = {
    source,
    ...(Object.keys(mapping).length > 0 ? { mapping } : {}),
    ...(formats.length > 0 ? { formats } : {}),
    ...(fileType ? { image_file_type: fileType } : {}),
    ...(callbackUrl ? { callback_url: callbackUrl } : {}),
  };
  const key = `n8n-${ctx.getExecutionId()}-${ctx.getNode().id ?? ctx.getNode().name}`.slice(0, 255);
  let run = (await pressroomRequest<Json>(ctx, 'POST', `/designs/${designId}/bulk-runs`, { body, headers: { 'idempotency-key': key } }))
    .body;
  if (ctx.getNodeParameter('waitFor', 0, 'poll') === 'poll') {
    const intervalMs = Number(ctx.getNodeParameter('pollIntervalSeconds', 0, 2)) * 1000;
    const deadline = Date.now() + Number(ctx.getNodeParameter('timeoutSeconds', 0, 600)) * 1000;
    while (!FINAL_RUN.has(String(run.status)) || (run.status === 'completed' && run.export_id && !run.archive_url)) {
      if (Date.now() > deadline) throw new NodeOperationError(ctx.getNode(), `Bulk run ${run.id} still ${run.status} at the timeout`);
      await sleep(intervalMs);
      run = (await pressroomRequest<Json>(ctx, 'GET', `/bulk-runs/${run.id}`)).body;
    }
  }
  return [{ json: run, pairedItem: items.map((_, item) => ({ item })) }];
}

/** Polls an import until DONE; FAILED is a node error with the import's path and code. */
export async function waitForImport(ctx: PressroomContext, id: string, timeoutMs: number): Promise<Json> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const record = (await pressroomRequest<Json>(ctx, 'GET', `/designs/import/json/${id}`)).body;
    if (record.status === 'DONE') return record;
    if (record.status === 'FAILED') {
      const e = (record.error ?? {}) as IDataObject;
      throw new NodeOperationError(ctx.getNode(), `Import ${id} FAILED: ${e.message ?? 'no reason given'}`, {
        description: `${e.path ?? ''} (${e.code ?? ''})`,
      });
    }
    if (Date.now() > deadline) throw new NodeOperationError(ctx.getNode(), `Import ${id} still ${record.status} at the timeout`);
    await sleep(1000);
  }
}

/**
 * Imports a design: the payload (import format), its target project, each upload slot filled from
 * the item's binary property of that file name (by the presigned form POST), validated, waited for DONE.
 */
export async function importDesign(ctx: IExecuteFunctions, i: number): Promise<INodeExecutionData> {
  const raw = ctx.getNodeParameter('payload', i);
  let payload: IDataObject;
  try {
    payload = (typeof raw === 'string' ? JSON.parse(raw) : raw) as IDataObject;
  } catch {
    throw new NodeOperationError(ctx.getNode(), 'Payload is not valid JSON', { itemIndex: i });
  }
  const projectId = String(ctx.getNodeParameter('projectId', i, '') ?? '');
  const body = { ...payload, ...(projectId ? { target: { kind: 'design', project_uuid: projectId } } : {}) };
  const strict = Boolean(ctx.getNodeParameter('strict', i, false));
  await pressroomRequest(ctx, 'POST', '/designs/import/json', { body, qs: { validate_only: true } });
  const created = (await pressroomRequest<Json>(ctx, 'POST', '/designs/import/json', { body, ...(strict ? { qs: { strict: true } } : {}) }))
    .body;
  const binaries = ctx.getInputData()[i]?.binary ?? {};
  for (const slot of (created.uploads ?? []) as IDataObject[]) {
    const property = Object.entries(binaries).find(([key, b]) => b.fileName === slot.name || key === slot.name)?.[0];
    if (!property)
      throw new NodeOperationError(ctx.getNode(), `The payload names the file ${slot.name}: give it as a binary property of the item`, {
        itemIndex: i,
      });
    const bytes = await ctx.helpers.getBinaryDataBuffer(i, property);
    const form = new FormData();
    for (const [k, v] of Object.entries(slot.fields as Record<string, string>)) form.append(k, v);
    form.append(
      'file',
      new Blob([new Uint8Array(bytes)], { type: (slot.fields as IDataObject)['Content-Type'] as string }),
      String(slot.name),
    );
    // The slot is a presigned form POST to the store (S3 or the farm's /uploads): no API key.
    const res = await fetch(String(slot.url), { method: 'POST', body: form });
    if (res.status >= 300) throw envelopeError(ctx, res.status, await res.text(), `upload of ${slot.name}`);
  }
  if (created.status === 'WAITING_FOR_VALIDATION') await pressroomRequest(ctx, 'PUT', `/designs/import/json/${created.id}`);
  const record = await waitForImport(ctx, String(created.id), Number(ctx.getNodeParameter('timeoutSeconds', i, 600)) * 1000);
  return { json: record, pairedItem: { item: i } };
}

/** Every design of the workspace, one item each. */
export async function listDesigns(ctx: IExecuteFunctions): Promise<INodeExecutionData[]> {
  return (await allDesigns(ctx)).map((d) => ({ json: d }));
}

async function allDesigns(ctx: PressroomContext): Promise<Json[]> {
  const rows: Json[] = [];
  for (let page = 1; ; page++) {
    const { body } = await pressroomRequest<Json[]>(ctx, 'GET', '/designs', { qs: { page, per_page: 100 } });
    rows.push(...body);
    if (body.length < 100) return rows;
  }
}

/** loadOptions: the designs as dropdown options, "name (type)" → id. */
export async function designOptions(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
  return (await allDesigns(this)).map((d) => ({
    name: `${d.name} (${d.type})`,
    value: String(d.id),
    description: String(d.category_name ?? ''),
  }));
}

/** loadOptions: the chosen design's formats. */
export async function formatOptions(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
  const designId = String(this.getCurrentNodeParameter('designId') ?? '');
  if (!designId) return [];
  const { body } = await pressroomRequest<Json>(this, 'GET', `/designs/${designId}`);
  return ((body.formats ?? []) as Json[]).map((f) => ({ name: `${f.id} (${f.width}×${f.height})`, value: String(f.id) }));
}

/** loadOptions: the workspace's projects (an import's target). */
export async function projectOptions(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
  const { body } = await pressroomRequest<Json[]>(this, 'GET', '/projects');
  return body.map((p) => ({ name: String(p.name), value: String(p.id) }));
}
