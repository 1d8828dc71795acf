import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { CliError, EXIT } from './errors.js';

/** What `login` stores: where the farm is and the workspace key. */
export interface Credentials {
  url: string;
  apiKey: string;
}

/** `$XDG_CONFIG_HOME/pressroom/config.json`, `~/.config/pressroom/config.json` without it. */
export function configPath(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CONFIG_HOME && env.XDG_CONFIG_HOME.startsWith('/') ? env.XDG_CONFIG_HOME : join(homedir(), '.config');
  return join(base, 'pressroom', 'config.json');
}

/** A base URL without its trailing slash; refuses anything that is not http(s). */
export function normaliseUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new CliError(`not a URL: ${url}`, EXIT.usage);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new CliError(`not an http(s) URL: ${url}`, EXIT.usage);
  return parsed.href.replace(/\/+$/, '');
}

async function readStored(path: string): Promise<Partial<Credentials>> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    return {};
  }
  try {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    return {
      ...(typeof parsed.url === 'string' ? { url: parsed.url } : {}),
      ...(typeof parsed.api_key === 'string' ? { apiKey: parsed.api_key } : {}),
    };
  } catch {
    throw new CliError(`${path} is not valid JSON: run \`pressroom login\` again`, EXIT.auth);
  }
}

/** The stored login, with `PRESSROOM_URL` and `PRESSROOM_API_KEY` taking precedence field by field. */
export async function loadCredentials(env: NodeJS.ProcessEnv = process.env): Promise<Credentials> {
  const stored = await readStored(configPath(env));
  const url = env.PRESSROOM_URL || stored.url;
  const apiKey = env.PRESSROOM_API_KEY || stored.apiKey;
  if (!url) throw new CliError('no farm URL: run `pressroom login --url <url> --key <key>` or set PRESSROOM_URL', EXIT.auth);
  if (!apiKey) throw new CliError('no API key: run `pressroom login` or set PRESSROOM_API_KEY', EXIT.auth);
  return { url: normaliseUrl(url), apiKey };
}

/** Writes the login readable by its owner only (0600, in a 0700 folder), atomically. */
export async function saveCredentials(credentials: Credentials, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const path = configPath(env);
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const temp = `${path}.${process.pid}.tmp`;
  await writeFile(temp, `${JSON.stringify({ url: credentials.url, api_key: credentials.apiKey }, null, 2)}\n`, { mode: 0o600 });
  await chmod(temp, 0o600);
  await rename(temp, path);
  return path;
}
