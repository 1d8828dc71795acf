/** The CLI's file I/O: reading JSON files with positions in their errors, local references to bytes. */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import { BARE_FILE_NAME, uploadContentTypeOf } from '@pressroom/model/client';
import type { Json } from './api.js';
import { CliError, EXIT, type FieldError } from './errors.js';
import { isLocalRef, mapStrings } from './payload.js';

export const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

/** A JSON file's content; a malformed file is a refusal naming the file, the line and the column. */
export async function readJsonFile(file: string): Promise<{ value: Json } | { error: FieldError }> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    return { error: { file, message: `cannot read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}` } };
  }
  try {
    return { value: JSON.parse(text) };
  } catch (error) {
    const message = (error as Error).message;
    const at = /position (\d+)/.exec(message);
    if (at) {
      const before = text.slice(0, Number(at[1]));
      const line = before.split('\n').length;
      const column = before.length - before.lastIndexOf('\n');
      return { error: { file, path: `line ${line}, column ${column}`, code: 'invalid_json', message: `not valid JSON: ${message}` } };
    }
    return { error: { file, code: 'invalid_json', message: `not valid JSON: ${message}` } };
  }
}

export async function readJsonOrThrow(file: string): Promise<Json> {
  const read = await readJsonFile(file);
  if ('error' in read) throw new CliError(`${file} cannot be used`, read.error.code ? EXIT.invalid : EXIT.notFound, [read.error]);
  return read.value;
}

async function bytesOf(path: string): Promise<Buffer | null> {
  try {
    return await readFile(path);
  } catch {
    return null;
  }
}

/**
 * An import payload ready to create: each local reference (`./…`) becomes a bare file name to
 * upload, and each bare file name found next to the file (or in `searchDirs`) is a file to upload.
 * Returns the payload to send, the files by upload name, and the problems found (a missing file,
 * two different files with one name), each at its payload path.
 */
export async function prepareImport(
  payload: Json,
  file: string,
  searchDirs: string[] = [],
): Promise<{ payload: Json; uploads: Map<string, Buffer>; errors: FieldError[] }> {
  const dir = dirname(file);
  const uploads = new Map<string, Buffer>();
  const errors: FieldError[] = [];
  const pending: { value: string; path: string }[] = [];
  const sent = mapStrings(payload, (value, path) => {
    if (isLocalRef(value) || (BARE_FILE_NAME.test(value) && uploadContentTypeOf(value))) {
      pending.push({ value, path });
      return isLocalRef(value) ? basename(value) : value;
    }
    return value;
  });
  for (const { value, path } of pending) {
    const name = basename(value);
    const candidates = isLocalRef(value) ? [resolve(dir, value)] : [...searchDirs.map((d) => resolve(d, value)), resolve(dir, value)];
    let bytes: Buffer | null = null;
    for (const candidate of candidates) {
      bytes = await bytesOf(candidate);
      if (bytes) break;
    }
    if (!bytes) {
      // A bare name with no local file may still be a text that looks like one: only a local reference must exist.
      if (isLocalRef(value)) errors.push({ file, path, code: 'missing_assets', message: `the local file ${value} does not exist` });
      continue;
    }
    if (!BARE_FILE_NAME.test(name) || !uploadContentTypeOf(name)) {
      errors.push({
        file,
        path,
        code: 'unknown_enum_value',
        message: `${value}: an uploaded file needs a plain name with a known extension`,
      });
      continue;
    }
    const known = uploads.get(name);
    if (known && !known.equals(bytes)) {
      errors.push({ file, path, code: 'invalid_payload', message: `${value}: another file of the payload has the name ${name}` });
      continue;
    }
    uploads.set(name, bytes);
  }
  return { payload: sent, uploads, errors };
}

/**
 * A payload ready for the document PUT, which takes no uploads: each local reference becomes the
 * hosting URL of a stored file with the same bytes (`stored`: sha256 → URL), so the PUT keeps that
 * file, or else a `data:` URI of the file.
 */
export async function prepareDocument(
  payload: Json,
  file: string,
  stored: Map<string, string>,
): Promise<{ payload: Json; errors: FieldError[] }> {
  const dir = dirname(file);
  const errors: FieldError[] = [];
  const values = new Map<string, string>();
  const refs: { value: string; path: string }[] = [];
  mapStrings(payload, (value, path) => {
    if (isLocalRef(value)) refs.push({ value, path });
    return value;
  });
  for (const { value, path } of refs) {
    if (values.has(value)) continue;
    const bytes = await bytesOf(resolve(dir, value));
    if (!bytes) {
      errors.push({ file, path, code: 'missing_assets', message: `the local file ${value} does not exist` });
      continue;
    }
    const url = stored.get(sha256(bytes));
    if (url) {
      values.set(value, url);
      continue;
    }
    const type = uploadContentTypeOf(basename(value));
    if (!type) {
      errors.push({ file, path, code: 'unknown_enum_value', message: `${value}: unknown file extension` });
      continue;
    }
    values.set(value, `data:${type};base64,${bytes.toString('base64')}`);
  }
  return { payload: mapStrings(payload, (value) => values.get(value) ?? value), errors };
}
