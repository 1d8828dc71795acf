import { PassThrough } from 'node:stream';

interface ZipArchiveLike {
  pipe(destination: NodeJS.WritableStream): void;
  append(data: Buffer, options: { name: string }): void;
  finalize(): Promise<void>;
  on(event: 'error' | 'warning', listener: (err: Error) => void): void;
}

// archiver 8 ships no types; the module is typed here by what this file uses.
const ARCHIVER = 'archiver';

/** A ZIP of small in-memory files, deflated (HTML compresses well). */
export async function zipFiles(files: { name: string; bytes: Buffer }[]): Promise<Buffer> {
  const { ZipArchive } = (await import(ARCHIVER)) as { ZipArchive: new (options: object) => ZipArchiveLike };
  const zip = new ZipArchive({ zlib: { level: 6 } });
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    zip.on('error', reject);
    zip.on('warning', reject);
  });
  zip.pipe(out);
  for (const f of files) zip.append(f.bytes, { name: f.name });
  await zip.finalize();
  await done;
  return Buffer.concat(chunks);
}
