import { isIP } from 'node:net';
import { isForbiddenAddress } from './forbidden-address.js';
import { type Resolver, systemResolve } from './guarded-agent.js';

export interface ForbiddenTargetOptions {
  /** Default: the system resolver. Tests point a name where they need it. */
  resolve?: Resolver;
  /** How long the name may take to resolve; past it the URL is not refused here. Default 2 s. */
  resolveTimeoutMs?: number;
}

/**
 * Whether a URL given now for a later delivery (a `callback_url`) can only reach a forbidden
 * address: its host is a literal forbidden IP (in any spelling the URL parser normalises:
 * `[::1]`, `2130706433`, `0177.0.0.1`), or a name every one of whose current addresses is
 * forbidden. A name that does not resolve, or not in time, is not refused here: the delivery
 * re-checks the address it connects to (createGuardedAgent), which is the check that holds.
 */
export async function isForbiddenTarget(url: string, options: ForbiddenTargetOptions = {}): Promise<boolean> {
  if (!URL.canParse(url)) return false;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (host === '') return false;
  if (isIP(host) !== 0) return isForbiddenAddress(host);
  const resolve = options.resolve ?? systemResolve;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<null>((r) => {
    timer = setTimeout(() => r(null), options.resolveTimeoutMs ?? 2_000);
  });
  try {
    const addresses = await Promise.race([resolve(host).catch(() => null), timedOut]);
    return addresses !== null && addresses.length > 0 && addresses.every((a) => isForbiddenAddress(a.address));
  } finally {
    clearTimeout(timer);
  }
}

/** A URL a request gives for a later fetch or delivery, at its path in the request. */
export interface OutboundTarget {
  path: string;
  url: string;
}

/**
 * The targets that can only reach a forbidden address (`isForbiddenTarget`), in their order. All
 * are checked at once, each distinct URL once, so the wait is that of the slowest name.
 */
export async function forbiddenTargets<T extends OutboundTarget>(
  targets: readonly T[],
  options: ForbiddenTargetOptions = {},
): Promise<T[]> {
  const verdicts = new Map<string, Promise<boolean>>();
  for (const { url } of targets) if (!verdicts.has(url)) verdicts.set(url, isForbiddenTarget(url, options));
  const forbidden = await Promise.all(targets.map(({ url }) => verdicts.get(url)!));
  return targets.filter((_, i) => forbidden[i]);
}
