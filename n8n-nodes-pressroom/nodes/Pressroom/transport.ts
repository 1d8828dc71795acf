import {
  type IDataObject,
  type IExecuteFunctions,
  type IHttpRequestMethods,
  type IN8nHttpFullResponse,
  NodeOperationError,
} from 'n8n-workflow';

/** What every kind of n8n function context (execute, load options, hooks, webhook) offers that the transport needs. */
export type PressroomContext = Pick<IExecuteFunctions, 'getCredentials' | 'getNode'> & {
  helpers: Pick<IExecuteFunctions['helpers'], 'httpRequest'>;
};

export interface PressroomCredentials {
  baseUrl: string;
  apiKey: string;
}

export async function credentialsOf(ctx: PressroomContext): Promise<PressroomCredentials> {
  const c = await ctx.getCredentials<{ baseUrl?: string; apiKey?: string }>('pressroomApi');
  return { baseUrl: String(c.baseUrl ?? '').replace(/\/+$/, ''), apiKey: String(c.apiKey ?? '') };
}

/**
 * The spec's error envelope `{id, message, errors:[{path, code, message}]}` as a node error: the
 * message names the id, the description lists each field error with its path.
 */
export function envelopeError(ctx: PressroomContext, status: number, body: unknown, what: string): NodeOperationError {
  const env = (typeof body === 'object' && body !== null ? body : {}) as IDataObject;
  const id = typeof env.id === 'string' ? env.id : `HTTP ${status}`;
  const message = typeof env.message === 'string' ? env.message : typeof body === 'string' ? body.slice(0, 300) : `HTTP ${status}`;
  const errors = Array.isArray(env.errors) ? (env.errors as IDataObject[]) : [];
  const description = errors.map((e) => `${e.path ? `${e.path}: ` : ''}${e.message ?? ''}${e.code ? ` (${e.code})` : ''}`).join('\n');
  return new NodeOperationError(ctx.getNode(), `Pressroom ${what} answered ${status} ${id}: ${message}`, {
    description: description || undefined,
  });
}

/** One call of the REST API with the credential's key; any status outside 2xx (and `accept`) throws the envelope as a node error. */
export async function pressroomRequest<T = IDataObject>(
  ctx: PressroomContext,
  method: IHttpRequestMethods,
  path: string,
  options: { body?: IDataObject; qs?: IDataObject; accept?: number[]; headers?: IDataObject } = {},
): Promise<{ status: number; body: T; headers: IDataObject }> {
  const { baseUrl, apiKey } = await credentialsOf(ctx);
  const response = (await ctx.helpers.httpRequest({
    method,
    url: `${baseUrl}${path}`,
    headers: { 'x-api-key': apiKey, accept: 'application/json', ...options.headers },
    ...(options.body === undefined ? {} : { body: options.body }),
    ...(options.qs === undefined ? {} : { qs: options.qs }),
    json: true,
    returnFullResponse: true,
    ignoreHttpStatusErrors: true,
  })) as IN8nHttpFullResponse;
  const status = response.statusCode;
  if ((status >= 200 && status < 300) || options.accept?.includes(status))
    return { status, body: response.body as T, headers: (response.headers ?? {}) as IDataObject };
  throw envelopeError(ctx, status, response.body, `${method} ${path}`);
}

/** The bytes of a file URL the API gave (a generated file): no key sent. */
export async function download(ctx: PressroomContext, url: string): Promise<Buffer> {
  const bytes = await ctx.helpers.httpRequest({ method: 'GET', url, encoding: 'arraybuffer', json: false });
  return Buffer.from(bytes as ArrayBuffer);
}
