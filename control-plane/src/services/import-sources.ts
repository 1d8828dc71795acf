import { type Design, type FieldIssue, findOutboundError, importSources, type OutboundFailureReason } from '@pressroom/model';
import { type GuardedFetchOptions, guardedProbe, type ObjectStorage } from '@pressroom/platform';

/** The connection pool a probe goes through (undici's Dispatcher). */
export type SourceDispatcher = NonNullable<GuardedFetchOptions['dispatcher']>;

/** Checks that one remote source answers; rejects (an `OutboundFetchError`) when it does not. */
export type SourceProbe = (url: string, timeoutMs: number) => Promise<void>;

export interface SourceCheckOptions {
  /** The whole check's budget: every source is probed at once, and one that has not answered by then is unreachable. 0: no check. */
  timeoutMs: number;
  allowPrivateNetworks: boolean;
  /** Default: the guarded agent of `allowPrivateNetworks`. Tests pass one that trusts their CA. */
  dispatcher?: SourceDispatcher;
}

/** The probe of the import check: a guarded GET of the first byte (platform `guardedProbe`). */
export function sourceProbe(options: Omit<SourceCheckOptions, 'timeoutMs'>): SourceProbe {
  return (url, timeoutMs) =>
    guardedProbe(url, {
      timeoutMs,
      allowPrivateNetworks: options.allowPrivateNetworks,
      ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
    });
}

/**
 * The origins this farm serves its own files from (its API's, and its storage's signed and public
 * URLs). A source there is not remote: as-import writes stored files as their hosting URLs, and a
 * clone imports them back, so it is not probed (a farm whose public URL is private would refuse
 * its own files otherwise). Minting a URL is local work, no request.
 */
export async function ownOrigins(storage: ObjectStorage, publicBaseUrl: string): Promise<Set<string>> {
  const urls = [publicBaseUrl, await storage.publicUrl('probe'), await storage.downloadUrl('probe', { expiresInSeconds: 60 })];
  return new Set(urls.map(originOf).filter((o) => o !== ''));
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}

const WHY: Record<OutboundFailureReason, string> = {
  forbidden_address: 'points at a loopback, private, link-local or metadata address (media is fetched from public hosts only)',
  too_large: 'is too large',
  timeout: 'did not answer in time',
  bad_status: 'answered with an error status',
  bad_scheme: 'is not an http(s) URL',
  too_many_redirects: 'redirects too many times',
  network: 'could not be reached',
};

/**
 * The remote (`http(s)://`) media sources of an imported design that do not answer, each as
 * `unreachable_src` at the payload path that named it (`layers[2].properties.src`), as
 * Abyssale's import reports them, instead of accepting the design and failing every render with
 * `image_fetching_error`. Each distinct URL is probed once, all at once, through the outbound
 * guard, within `timeoutMs` for the whole check. Sources on `own` origins (`ownOrigins`) are not probed.
 */
export async function unreachableSources(
  design: Design,
  timeoutMs: number,
  probe: SourceProbe,
  own: ReadonlySet<string> = new Set(),
): Promise<FieldIssue[]> {
  if (timeoutMs <= 0) return [];
  const remote = importSources(design).filter((s) => /^https?:\/\//i.test(s.value) && !own.has(originOf(s.value)));
  const verdicts = new Map<string, Promise<string | null>>();
  for (const { value } of remote)
    if (!verdicts.has(value))
      verdicts.set(
        value,
        probe(value, timeoutMs).then(
          () => null,
          (err: unknown) => {
            const known = findOutboundError(err);
            const status = known?.status === undefined ? '' : ` (${known.status})`;
            return `${known ? WHY[known.reason] : WHY.network}${status}`;
          },
        ),
      );
  const why = await Promise.all(remote.map((s) => verdicts.get(s.value)!));
  return remote.flatMap((s, i) => {
    const reason = why[i];
    return reason === null || reason === undefined
      ? []
      : [
          {
            path: s.path,
            code: 'unreachable_src',
            message: `the source ${reason}: import it from a reachable URL, a data: URI or an upload`,
            received: s.value,
          },
        ];
  });
}
