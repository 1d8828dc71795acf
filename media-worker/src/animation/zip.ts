import { PassThrough } from 'node:stream';
import { ZipArchive } from 'archiver';

/** A ZIP of small in-memory files, deflated (HTML compresses well). */
export async function zipFiles(files: { name: string; bytes: Buffer }[]): Promise<Buffer> {
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
