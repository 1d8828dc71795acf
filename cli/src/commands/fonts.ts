import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Api, Json } from '../api.js';
import { CliError, EXIT, type FieldError, usageError } from '../errors.js';
import type { Output } from '../output.js';

/** `fonts upload <file>…`: each file to `POST /fonts` (`file_encoded`); every file is tried, failures are listed together. */
export async function fontsUpload(api: Api, out: Output, files: string[], options: { name?: string }): Promise<void> {
  if (files.length === 0) throw usageError('fonts upload: name one or more font files');
  const uploaded: Json[] = [];
  const failed: FieldError[] = [];
  for (const [i, file] of files.entries()) {
    out.progress(`uploading ${i + 1}/${files.length}: ${basename(file)}`);
    let bytes: Buffer;
    try {
      bytes = await readFile(file);
    } catch (error) {
      failed.push({ file, message: `cannot read: ${(error as NodeJS.ErrnoException).code ?? error}` });
      continue;
    }
    try {
      const font = await api.json('POST', '/fonts', {
        body: { file_encoded: bytes.toString('base64'), ...(options.name ? { name: options.name } : {}) },
      });
      uploaded.push({ file, font });
      out.line(`${file}: ${font.name ?? font.id} (${font.id})`);
    } catch (error) {
      if (!(error instanceof CliError) || error.exitCode !== EXIT.invalid) throw error;
      failed.push({ file, ...(error.id ? { code: error.id } : {}), message: error.message });
      for (const d of error.details) failed.push({ ...d, file });
    }
  }
  if (failed.length > 0)
    throw new CliError(
      `fonts upload: ${files.length - uploaded.length} of ${files.length} file(s) refused`,
      EXIT.invalid,
      failed,
    ).withPartial({
      uploaded,
      failed,
    });
  out.result({ uploaded, failed });
}
