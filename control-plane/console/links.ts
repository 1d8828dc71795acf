// The farm's stored-file links on this page's origin. The farm names its files by its configured
// base URL (`PUBLIC_BASE_URL`, else `http://localhost:PORT`), which a browser on another machine,
// or a page opened at another origin (`127.0.0.1`, a domain), may not reach: a preview, a
// generated file or a download is drawn from the origin the console was opened at instead.
// `/console/links.json` (no key) says which links are the farm's (`files_base`; null on S3,
// whose links are the bucket's and are left as they are).

/** The prefix of the farm's stored-file links, once `loadLinks` has read it; null when none. */
let filesBase: string | null = null;

/** Reads `/console/links.json`; the console starts after it (a failed read leaves links as they are). */
export async function loadLinks(): Promise<void> {
  try {
    const res = await fetch('/console/links.json');
    const links = (await res.json()) as { files_base?: unknown };
    filesBase = typeof links.files_base === 'string' ? links.files_base : null;
  } catch {
    filesBase = null;
  }
}

/** A link of the farm's files on this page's origin; any other link (the bucket's, a data: URI) as it is. */
export function here(url: string): string;
export function here(url: string | null | undefined): string | null;
export function here(url: string | null | undefined): string | null {
  if (url === null || url === undefined) return null;
  return filesBase !== null && url.startsWith(filesBase) ? `${location.origin}/files/${url.slice(filesBase.length)}` : url;
}
