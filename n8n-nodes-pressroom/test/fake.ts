/**
 * A typed stand-in for the n8n runtime's function contexts: what the node's operations call
 * (parameters, items, credentials, `helpers.httpRequest` over fetch with n8n's options, binary
 * data), so the node runs in a test exactly as n8n would run it, against a fake API (unit tier) or a
 * real farm (e2e). Everything else of the n8n interfaces is absent: a call to it fails the test.
 */
import type {
  IBinaryData,
  IDataObject,
  IExecuteFunctions,
  IHttpRequestOptions,
  ILoadOptionsFunctions,
  INode,
  INodeExecutionData,
} from 'n8n-workflow';

export interface FakeContextOptions {
  parameters: Record<string, unknown>;
  items?: INodeExecutionData[];
  credentials: { baseUrl: string; apiKey: string };
  fetch?: typeof fetch;
}

export const NODE: INode = {
  id: 'node-1',
  name: 'Pressroom',
  type: 'n8n-nodes-pressroom.pressroom',
  typeVersion: 1,
  position: [0, 0],
  parameters: {},
};

function parameter(parameters: Record<string, unknown>, name: string): unknown {
  let at: unknown = parameters;
  for (const part of name.split('.')) {
    if (typeof at !== 'object' || at === null) return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  return at;
}

const MIME: Record<string, string> = {
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  png: 'image/png',
  mp4: 'video/mp4',
  csv: 'text/csv',
  webp: 'image/webp',
};

function headersOf(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, key) => {
    out[key] = value;
  });
  return out;
}

/** n8n's `httpRequest` semantics that the node relies on, over fetch. */
export function httpRequestOver(fetchImpl: typeof fetch) {
  return async (options: IHttpRequestOptions): Promise<unknown> => {
    const url = new URL(options.url, options.baseURL);
    for (const [k, v] of Object.entries(options.qs ?? {})) url.searchParams.set(k, String(v));
    const headers = { ...(options.headers as Record<string, string>) };
    let body: BodyInit | undefined;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    const res = await fetchImpl(url.href, { method: options.method ?? 'GET', headers, ...(body === undefined ? {} : { body }) });
    const bytes = Buffer.from(await res.arrayBuffer());
    if (!options.ignoreHttpStatusErrors && res.status >= 400) throw new Error(`Request failed with status code ${res.status}`);
    let parsed: unknown;
    if (options.encoding === 'arraybuffer') parsed = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    else {
      const text = bytes.toString('utf8');
      try {
        parsed = text.length > 0 ? JSON.parse(text) : '';
      } catch {
        parsed = text;
      }
    }
    if (options.returnFullResponse)
      return { statusCode: res.status, statusMessage: res.statusText, headers: headersOf(res.headers), body: parsed };
    return parsed;
  };
}

export function fakeExecute(options: FakeContextOptions): IExecuteFunctions {
  const items: INodeExecutionData[] = options.items ?? [{ json: {} }];
  const context = {
    getNodeParameter: (name: string, _i: number, fallback?: unknown) => parameter(options.parameters, name) ?? fallback,
    getCurrentNodeParameter: (name: string) => parameter(options.parameters, name),
    getInputData: () => items,
    getNode: () => NODE,
    getExecutionId: () => 'execution-1',
    continueOnFail: () => false,
    getCredentials: async () => ({ ...options.credentials }),
    helpers: {
      httpRequest: httpRequestOver(options.fetch ?? fetch),
      returnJsonArray: (data: IDataObject | IDataObject[]) => (Array.isArray(data) ? data : [data]).map((json) => ({ json })),
      prepareBinaryData: async (data: Buffer, fileName?: string, mimeType?: string): Promise<IBinaryData> => ({
        data: data.toString('base64'),
        mimeType: mimeType ?? MIME[String(fileName).split('.').pop() ?? ''] ?? 'application/octet-stream',
        ...(fileName ? { fileName } : {}),
        fileSize: String(data.length),
      }),
      getBinaryDataBuffer: async (i: number, property: string) => {
        const binary = items[i]?.binary?.[property];
        if (!binary) throw new Error(`item ${i} has no binary property ${property}`);
        return Buffer.from(binary.data, 'base64');
      },
    },
  };
  return context as unknown as IExecuteFunctions;
}

/** The same context as n8n hands a loadOptions method. */
export const fakeLoadOptions = (options: FakeContextOptions): ILoadOptionsFunctions =>
  fakeExecute(options) as unknown as ILoadOptionsFunctions;

/** A binary property of an item, as n8n keeps one. */
export const binary = (bytes: Buffer, fileName: string, mimeType: string): IBinaryData => ({
  data: bytes.toString('base64'),
  mimeType,
  fileName,
  fileSize: String(bytes.length),
});
