import { createHash, randomUUID } from 'node:crypto';
import { access, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { FontFaceFile } from '@pressroom/model';
import type { ObjectStorage } from '../storage/storage.js';

/** An uploaded face that could not be brought to this machine: missing from storage, or its bytes are not the ones uploaded. */
export class FontFileUnavailableError extends Error {
  constructor(
    message: string,
    readonly face: FontFaceFile,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'FontFileUnavailableError';
  }
}

export interface FontFileCache {
  /** Makes an uploaded face's `path` hold its bytes (a bundled face is already there). */
  ensure(face: FontFaceFile): Promise<void>;
}

/**
 * A render worker's disk cache of uploaded font files, keyed by content hash (the face's `path`
 * is `<dir>/<sha256>.<format>`, see `workspaceFonts`). A face is fetched from object storage on
 * its first use on this machine, checked against its hash and renamed into place, so a file in
 * the cache is always whole and right; nothing is shared between machines but the store.
 * Concurrent renders that need the same missing face share one download.
 */
export function createFontFileCache(storage: ObjectStorage): FontFileCache {
  const pending = new Map<string, Promise<void>>();
  const fetchInto = async (face: FontFaceFile): Promise<void> => {
    const source = face.source!;
    let bytes: Buffer;
    try {
      bytes = await storage.get(source.storageKey);
    } catch (cause) {
      throw new FontFileUnavailableError(`the font file ${source.sha256} could not be read from storage`, face, { cause });
    }
    const digest = createHash('sha256').update(bytes).digest('hex');
    if (digest !== source.sha256) throw new FontFileUnavailableError(`the stored font file ${source.sha256} does not match its hash`, face);
    await mkdir(dirname(face.path), { recursive: true });
    const tmp = `${face.path}.${randomUUID()}.tmp`;
    try {
      await writeFile(tmp, bytes);
      await rename(tmp, face.path);
    } finally {
      await rm(tmp, { force: true });
    }
  };
  return {
    async ensure(face) {
      if (!face.source) return;
      if (
        await access(face.path).then(
          () => true,
          () => false,
        )
      )
        return;
      let job = pending.get(face.path);
      if (!job) {
        job = fetchInto(face).finally(() => pending.delete(face.path));
        pending.set(face.path, job);
      }
      await job;
    },
  };
}
