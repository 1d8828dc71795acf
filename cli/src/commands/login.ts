import { Api } from '../api.js';
import { normaliseUrl, saveCredentials } from '../config.js';
import type { Output } from '../output.js';

/** `login --url <url> --key <key>`: checks the key with `POST /auth`, then stores both (0600). */
export async function login(out: Output, url: string, apiKey: string): Promise<void> {
  const credentials = { url: normaliseUrl(url), apiKey };
  const auth = await new Api(credentials).json('POST', '/auth');
  const path = await saveCredentials(credentials);
  out.result({ url: credentials.url, workspace: auth.company ?? null, config: path });
  out.line(`logged in to ${credentials.url} (workspace ${auth.company ?? '?'}); saved to ${path}`);
}
