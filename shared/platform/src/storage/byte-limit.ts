import { Transform, type TransformCallback } from 'node:stream';

/** An upload went past its size limit; thrown while streaming, before the excess is stored. */
export class UploadTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`the upload is larger than ${maxBytes} bytes`);
    this.name = 'UploadTooLargeError';
  }
}

/**
 * A pass-through that fails the stream as soon as more than `maxBytes` went through it, so a
 * writer piped behind it never receives (or stores) the excess and memory stays flat whatever
 * the client sends. `bytes` says how much went through.
 */
export class ByteLimit extends Transform {
  bytes = 0;

  constructor(readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) done(new UploadTooLargeError(this.maxBytes));
    else done(null, chunk);
  }
}
