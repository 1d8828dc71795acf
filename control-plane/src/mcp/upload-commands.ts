import type { UploadSlot } from '../services/imports.js';

/** The environment variable the commands read the key from, so no key is written into a conversation. */
export const API_KEY_VARIABLE = 'PRESSROOM_API_KEY';

/**
 * Pure: the shell commands that finish an import whose files live on the user's machine: one
 * presigned form POST per slot (every field of the slot, then the file last), then the validation
 * that queues the import. A slot is named by the bare file name the document gave as a layer's
 * `src`, so each file is read from the folder that holds the document's files.
 */
export function uploadCommands(uploads: readonly Pick<UploadSlot, 'name' | 'url' | 'fields'>[], validateUrl: string): string[] {
  const commands = uploads.map((u) => {
    const fields = Object.entries(u.fields).map(([k, v]) => `-F ${quote(`${k}=${v}`)}`);
    return ['curl -sS -f', ...fields, `-F ${quote(`file=@${u.name}`)}`, quote(u.url)].join(' ');
  });
  commands.push(`curl -sS -f -X PUT -H "x-api-key: $${API_KEY_VARIABLE}" ${quote(validateUrl)}`);
  return commands;
}

/** Single-quoted for a POSIX shell. */
function quote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}
