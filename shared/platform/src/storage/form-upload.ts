import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import busboy from 'busboy';
import { ByteLimit, UploadTooLargeError } from './byte-limit.js';
import type { ObjectStorage } from './storage.js';
import { type UploadPolicy, verifyUploadPolicy } from './upload-policy.js';

/** Room for the form's own fields and boundaries on top of the file's limit. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

export type FormUploadResult =
  | { status: 'stored'; key: string; bytes: number }
  | { status: 'refused'; reason: 'bad_signature' | 'expired' | 'field_mismatch' | 'malformed'; message: string }
  | { status: 'too_large'; maxBytes: number; message: string };

/**
 * Receives one presigned form POST (the local driver's `POST /uploads`): the fields first, then
 * the file, exactly what an S3 form takes. The policy is checked when the file part begins; the
 * file then streams into storage through a byte counter that fails the write as soon as it
 * passes the policy's limit, so nothing larger is ever stored or held in memory. A declared
 * `Content-Length` already above the limit is refused before any of the file is read.
 */
export function receiveFormUpload(
  storage: ObjectStorage,
  secret: string,
  request: { headers: IncomingHttpHeaders; body: Readable },
  nowMs: number = Date.now(),
): Promise<FormUploadResult> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (result: FormUploadResult) => {
      if (settled) return;
      settled = true;
      // Whatever the client still sends is read and dropped (as Node does with any unread
      // body), so it gets its answer and a keep-alive connection stays usable.
      request.body.unpipe();
      request.body.resume();
      resolve(result);
    };
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: request.headers, limits: { files: 1, fields: 20, fieldSize: 16 * 1024, parts: 40 } });
    } catch (error) {
      finish({ status: 'refused', reason: 'malformed', message: `not a multipart form: ${(error as Error).message}` });
      return;
    }
    const fields: Record<string, string> = {};
    let sawFile = false;
    parser.on('field', (name, value) => {
      if (!sawFile) fields[name] = value;
    });
    parser.on('file', (_name, file) => {
      sawFile = true;
      const verdict = verifyUploadPolicy(fields, secret, nowMs);
      if (verdict.status !== 'ok') {
        file.resume();
        const message =
          verdict.status === 'expired'
            ? 'This upload form has expired.'
            : verdict.status === 'field_mismatch'
              ? `The form's ${verdict.field} field does not match its policy.`
              : 'This upload form is not valid.';
        finish({ status: 'refused', reason: verdict.status, message });
        return;
      }
      const policy: UploadPolicy = verdict.policy;
      const declared = Number(request.headers['content-length']);
      if (Number.isFinite(declared) && declared > policy.maxBytes + FORM_OVERHEAD_BYTES) {
        file.resume();
        finish(tooLarge(policy.maxBytes));
        return;
      }
      const limit = new ByteLimit(policy.maxBytes);
      file.on('error', (error) => limit.destroy(error));
      // The storage attaches its own handlers only after an await or two; until then the limit
      // can already have tripped. The failure reaches us through put's rejection either way.
      limit.on('error', () => {});
      file.pipe(limit);
      storage
        .put(policy.key, limit, { contentType: policy.contentType ?? fieldOf(fields, 'content-type') ?? 'application/octet-stream' })
        .then(
          () => finish({ status: 'stored', key: policy.key, bytes: limit.bytes }),
          (error: unknown) => {
            if (error instanceof UploadTooLargeError || limit.bytes > policy.maxBytes) {
              file.resume();
              finish(tooLarge(policy.maxBytes));
            } else if (!settled) {
              settled = true;
              reject(error);
            }
          },
        );
    });
    parser.on('error', (error) =>
      finish({ status: 'refused', reason: 'malformed', message: `the form could not be read: ${(error as Error).message}` }),
    );
    parser.on('close', () => {
      if (!sawFile)
        finish({ status: 'refused', reason: 'malformed', message: 'the form has no file part (send the fields first, the file last)' });
    });
    request.body.pipe(parser);
  });
}

function tooLarge(maxBytes: number): FormUploadResult {
  return { status: 'too_large', maxBytes, message: `The file is larger than this upload's limit of ${maxBytes} bytes.` };
}

function fieldOf(fields: Record<string, string>, name: string): string | undefined {
  const found = Object.keys(fields).find((k) => k.toLowerCase() === name);
  return found === undefined ? undefined : fields[found];
}
