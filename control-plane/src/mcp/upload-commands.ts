/** One upload slot of an import answer: a presigned PUT today, a presigned form POST when it carries `fields`. */
export interface UploadSlot {
  name: string;
  content_type: string;
  upload_url: string;
  method?: string;
  fields?: Record<string, string>;
}

/** The environment variable the commands read the key from, so no key is written into a conversation. */
export const API_KEY_VARIABLE = 'PRESSROOM_API_KEY';

/**
 * Pure: the shell commands that finish an import whose files live on the user's machine: one
 * upload per slot, then the validation that queues the import. Paths are relative to the folder
 * the document's `file:` sources are relative to (or the asset's name when it names no file).
 */
export function uploadCommands(payload: unknown, uploads: readonly UploadSlot[], validateUrl: string): string[] {
  const commands = uploads.map((u) => {
    const file = localFileOf(payload, u.name);
    if (u.fields) {
      const fields = Object.entries(u.fields).map(([k, v]) => `-F ${quote(`${k}=${v}`)}`);
      return ['curl -sS -f', ...fields, `-F ${quote(`file=@${file};type=${u.content_type}`)}`, quote(u.upload_url)].join(' ');
    }
    return `curl -sS -f -X ${u.method ?? 'PUT'} -H ${quote(`content-type: ${u.content_type}`)} --upload-file ${quote(file)} ${quote(u.upload_url)}`;
  });
  commands.push(`curl -sS -f -X PUT -H "x-api-key: $${API_KEY_VARIABLE}" ${quote(validateUrl)}`);
  return commands;
}

function localFileOf(payload: unknown, asset: string): string {
  const assets = (payload as { assets?: Record<string, { src?: unknown }> } | null)?.assets;
  const src = assets?.[asset]?.src;
  return typeof src === 'string' && src.startsWith('file:') ? src.slice('file:'.length) : asset;
}

/** Single-quoted for a POSIX shell. */
function quote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}
