// archiver 8 ships no types; this declares the part of its API the media worker uses (exports, HTML5 zips).
declare module 'archiver' {
  import { Transform } from 'node:stream';

  export interface ZipArchiveOptions {
    /** STORE instead of DEFLATE. */
    store?: boolean;
    zlib?: { level?: number };
    forceZip64?: boolean;
  }

  export interface EntryData {
    name: string;
    date?: Date | string;
    store?: boolean;
  }

  export class ZipArchive extends Transform {
    constructor(options?: ZipArchiveOptions);
    append(source: Buffer | NodeJS.ReadableStream | string, data: EntryData): this;
    finalize(): Promise<void>;
    abort(): this;
    pointer(): number;
    on(event: 'entry', listener: (data: EntryData) => void): this;
    on(event: 'warning' | 'error', listener: (error: Error) => void): this;
    on(event: string | symbol, listener: (...args: unknown[]) => void): this;
  }
}
