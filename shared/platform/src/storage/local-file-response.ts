import type { Readable } from 'node:stream';
import { InvalidObjectKeyError, ObjectNotFoundError } from '@pressroom/model';
import { LocalObjectStorage } from './local.js';
import type { ObjectStorage } from './storage.js';
import { contentDisposition } from './url-signing.js';

export interface LocalFileResponse {
  stream: Readable;
  size: number;
  /** The stored type, or `application/octet-stream` when none was recorded. */
  contentType: string;
  /** Set when the signed URL named a download file name. */
  contentDisposition: string | undefined;
}

/**
 * What the control plane's `GET /files/*` route sends once `verifyObjectUrl` said `ok`:
 * the bytes, their length and type. Undefined when there is no such object (answer 404);
 * a key that is not a valid key cannot exist either.
 */
export async function localFileResponse(
  storage: ObjectStorage,
  key: string,
  options: { filename?: string | undefined } = {},
): Promise<LocalFileResponse | undefined> {
  try {
    const opened =
      storage instanceof LocalObjectStorage
        ? await storage.openRead(key)
        : await (async () => {
            const head = await storage.head(key);
            if (head === undefined) throw new ObjectNotFoundError(key);
            return { ...head, stream: await storage.getStream(key) };
          })();
    return {
      stream: opened.stream,
      size: opened.size,
      contentType: opened.contentType ?? 'application/octet-stream',
      contentDisposition: options.filename === undefined ? undefined : contentDisposition(options.filename),
    };
  } catch (error) {
    if (error instanceof ObjectNotFoundError || error instanceof InvalidObjectKeyError) return undefined;
    throw error;
  }
}
