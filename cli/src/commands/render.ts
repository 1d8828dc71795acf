import { mkdir, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { Api, Json } from '../api.js';
import { CliError, EXIT, usageError } from '../errors.js';
import { startAsync, throwOnFormatErrors, waitForGeneration } from '../generate.js';
import type { Output } from '../output.js';
import { parseSets } from '../payload.js';

export interface RenderOptions {
  sets: string[];
  format?: string;
  type?: string;
  output?: string;
  async: boolean;
  wait: boolean;
  timeoutMs: number;
}

/**
 * `render <design>`: the sync generation (static designs, one format) written to `-o`; with
 * `--async` the async one (any design type, one format or all), and with `--wait` its files written
 * to `-o` (a file for one, a folder for several).
 */
export async function render(api: Api, out: Output, designId: string, options: RenderOptions): Promise<void> {
  const parsed = parseSets(options.sets);
  if ('error' in parsed) throw usageError(parsed.error);
  const elements = Object.keys(parsed.elements).length > 0 ? parsed.elements : undefined;
  if (!options.async) {
    if (!options.output) throw usageError('render: -o <file> is required (or --async)');
    out.progress(`rendering ${designId}`);
    const banner = await api.json('POST', `/banner-builder/${designId}/generate`, {
      body: { template_format_name: options.format, image_file_type: options.type, elements },
    });
    await writeFile(options.output, await api.download(banner.file.url));
    out.result({ file: options.output, banner });
    out.line(`${options.output} (${banner.file.type}, ${banner.format?.width}x${banner.format?.height})`);
    return;
  }
  const id = await startAsync(api, designId, {
    ...(options.format ? { template_format_names: [options.format] } : {}),
    ...(options.type ? { image_file_type: options.type } : {}),
    ...(elements ? { elements } : {}),
  });
  if (!options.wait) {
    out.result({ generation_request_id: id });
    out.line(id);
    return;
  }
  const request = await waitForGeneration(api, out, id, options.timeoutMs);
  const banners: Json[] = request.banners ?? [];
  const files: string[] = [];
  if (options.output) {
    const single = banners.length === 1 && extname(options.output) !== '';
    if (!single) await mkdir(options.output, { recursive: true });
    for (const [i, banner] of banners.entries()) {
      const file = single
        ? options.output
        : join(options.output, `${banner.format?.id ?? `page-${i + 1}`}.${banner.file.type}`.replace(/[^\w.-]/g, '_'));
      await writeFile(file, await api.download(banner.file.url));
      files.push(file);
      out.line(file);
    }
  } else for (const banner of banners) out.line(banner.file.url);
  try {
    throwOnFormatErrors(request);
  } catch (error) {
    throw error instanceof CliError ? error.withPartial({ generation_request_id: id, files, request }) : error;
  }
  if (banners.length === 0) throw new CliError(`generation request ${id} produced no file`, EXIT.remoteFailed).withPartial({ request });
  out.result({ generation_request_id: id, files, request });
}
