import { PassThrough, type Readable } from 'node:stream';
import { ObjectNotFoundError, zipEntryNames } from '@pressroom/model';
import type { ObjectStorage } from '@pressroom/platform';
import { ZipArchive } from 'archiver';

export interface ZipSource {
  id: string;
  storage_key: string;
  filename: string;
}

export interface WrittenZip {
  /** The ids packed, in order; a file missing from storage is left out. */
  ids: string[];
  bytes: number;
}

/**
 * Streams `files` from storage into a ZIP that streams to `key`: one source is open at a time,
 * and the archive is piped to the storage put (a multipart upload on S3), so neither a file nor
 * the archive is ever held whole in memory. Backpressure runs end to end: a slow upload pauses
 * the archive, which pauses the file being read.
 *
 * Entries are STORED, not deflated: generated files are already compressed (JPEG, PNG, WebP,
 * AVIF, MP4, GIF, PDF streams), so deflating would spend CPU to gain nothing.
 */
export async function writeZip(
  storage: ObjectStorage,
  key: string,
  files: readonly ZipSource[],
  signal?: AbortSignal,
): Promise<WrittenZip> {
  const zip = new ZipArchive({ store: true });
  const names = zipEntryNames(files.map((f) => f.filename));
  // archiver's streams come from the readable-stream package, which the S3 uploader does not
  // recognise as a Readable; a Node PassThrough in between keeps backpressure (pipe) intact.
  const body = new PassThrough();
  zip.pipe(body);
  const upload = storage.put(key, body, { contentType: 'application/zip' });
  // Any failure of the archive or the upload ends the wait for the current entry.
  const failed = new Promise<never>((_, reject) => {
    zip.on('error', reject);
    zip.on('warning', reject);
    upload.catch(reject);
  });
  failed.catch(() => undefined);
  const ids: string[] = [];
  try {
    for (const [i, file] of files.entries()) {
      signal?.throwIfAborted();
      let source: Readable;
      try {
        source = await storage.getStream(file.storage_key);
      } catch (error) {
        if (error instanceof ObjectNotFoundError) continue;
        throw error;
      }
      await Promise.race([appendEntry(zip, source, names[i]!), failed]);
      ids.push(file.id);
    }
    await Promise.race([zip.finalize(), failed]);
    await upload;
  } catch (error) {
    zip.destroy(error as Error);
    body.destroy(error as Error);
    await upload.catch(() => undefined);
    throw error;
  }
  return { ids, bytes: zip.pointer() };
}

function appendEntry(zip: ZipArchive, source: Readable, name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    source.once('error', reject);
    zip.once('entry', () => {
      source.off('error', reject);
      resolve();
    });
    zip.append(source, { name });
  });
}
