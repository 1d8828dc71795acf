/** A scripted API for the unit tier: each request recorded, each answer from a handler. No network. */
export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: unknown;
}

export type Handler = (call: Call) => { status?: number; body?: unknown; bytes?: Buffer } | undefined;

export function fakeApi(handler: Handler): { fetch: typeof fetch; calls: Call[] } {
  const calls: Call[] = [];
  const fakeFetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    const raw = init?.body;
    let body: unknown = raw;
    if (typeof raw === 'string') body = JSON.parse(raw);
    const call: Call = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: Object.fromEntries(Object.entries((init?.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v])),
      body,
    };
    calls.push(call);
    const answer = handler(call);
    if (!answer)
      return new Response(JSON.stringify({ id: 'endpoint_not_found', message: `no route ${call.method} ${call.path}` }), { status: 404 });
    if (answer.bytes) return new Response(new Uint8Array(answer.bytes), { status: answer.status ?? 200 });
    const status = answer.status ?? 200;
    // A 204 has no body by definition.
    return new Response(answer.body === undefined || status === 204 ? null : JSON.stringify(answer.body), { status });
  }) as typeof fetch;
  return { fetch: fakeFetch, calls };
}
