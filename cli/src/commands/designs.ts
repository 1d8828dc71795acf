import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Api, Json } from '../api.js';
import { type Change, formatChanges } from '../diff.js';
import { CliError, EXIT, type FieldError, usageError } from '../errors.js';
import { prepareDocument, prepareImport } from '../files.js';
import { changesOf, farmView, readFolder, readManifest, writeManifest } from '../folder.js';
import { startAsync, throwOnFormatErrors, waitForGeneration } from '../generate.js';
import { runImport, validateImport } from '../imports.js';
import { type Output, table } from '../output.js';
import { assetsFolder, localize, serializePayload, uniqueStem } from '../payload.js';

const projectOf = (design: Json): string | null => design.project_id ?? design.category_id ?? null;

export async function designsList(api: Api, out: Output, options: { type?: string }): Promise<void> {
  const designs = await api.all('/designs', { type: options.type });
  out.result(designs);
  out.line(
    table(
      ['ID', 'TYPE', 'NAME', 'PROJECT'],
      designs.map((d) => [d.id, d.type ?? '', d.name ?? '', d.category_name ?? d.project_name ?? '']),
    ),
  );
}

/** `designs pull [--all|<id>…] <dir>`: one as-import file per design, plus its stored files, under stable names. */
export async function designsPull(api: Api, out: Output, ids: string[], dir: string, options: { all: boolean }): Promise<void> {
  if (options.all === ids.length > 0) throw usageError('designs pull: give --all or one or more design ids, then the folder');
  await mkdir(dir, { recursive: true });
  const manifest = await readManifest(dir);
  const chosen = options.all ? (await api.all('/designs')).map((d) => d.id as string) : ids;
  const stemOf = new Map(Object.entries(manifest.designs).map(([stem, id]) => [id, stem]));
  const taken = new Set(Object.keys(manifest.designs));
  const pulled: Json[] = [];
  const projects = new Set<string>();
  for (const [i, id] of chosen.entries()) {
    out.progress(`pulling ${i + 1}/${chosen.length}: ${id}`);
    const design = await api.json('GET', `/designs/${id}`);
    const project = projectOf(design);
    if (project) projects.add(project);
    const answer = await api.json('GET', `/designs/${id}/as-import`);
    const stem = stemOf.get(id) ?? uniqueStem(answer.payload?.name ?? design.name ?? 'design', taken);
    taken.add(stem);
    const { payload, files } = localize(answer.payload, id, stem);
    const folder = join(dir, assetsFolder(stem));
    await rm(folder, { recursive: true, force: true });
    if (files.size > 0) await mkdir(folder, { recursive: true });
    for (const [ref, url] of files) await writeFile(join(dir, ref), await api.download(url));
    await writeFile(join(dir, `${stem}.json`), serializePayload(payload));
    manifest.designs[stem] = id;
    for (const w of answer.warnings ?? []) out.note(`warning: ${stem}.json: ${w.path ? `${w.path}: ` : ''}${w.message} (${w.code})`);
    pulled.push({ id, file: `${stem}.json`, files: [...files.keys()], warnings: answer.warnings ?? [] });
    out.line(`${id}  ${stem}.json${files.size > 0 ? `  (+${files.size} file${files.size > 1 ? 's' : ''})` : ''}`);
  }
  if (manifest.project_id === null && projects.size === 1) manifest.project_id = [...projects][0] ?? null;
  await writeManifest(dir, manifest);
  out.result({ folder: dir, designs: pulled });
}

interface Planned {
  stem: string;
  file: string;
  designId: string | null;
  action: 'unchanged' | 'update' | 'create';
  changes: Change[];
  body?: Json;
  uploads?: Map<string, Buffer>;
}

/** Reads the folder and plans each file against the farm: unchanged, a document PUT, or an import. Collects every problem. */
async function plan(
  api: Api,
  out: Output,
  dir: string,
  project: string | undefined,
): Promise<{ planned: Planned[]; errors: FieldError[] }> {
  const { manifest, files } = await readFolder(dir);
  const errors: FieldError[] = [];
  const planned: Planned[] = [];
  const target = project ?? manifest.project_id ?? undefined;
  for (const [i, f] of files.entries()) {
    out.progress(`checking ${i + 1}/${files.length}: ${f.stem}.json`);
    if (f.error) {
      errors.push(f.error);
      continue;
    }
    if (f.designId) {
      const view = await farmView(api, dir, f.stem, f.designId);
      const changes = await changesOf(dir, view, f.payload);
      if (changes.length === 0) {
        planned.push({ stem: f.stem, file: f.file, designId: f.designId, action: 'unchanged', changes });
        continue;
      }
      const prepared = await prepareDocument(f.payload, f.file, view.byHash);
      errors.push(...prepared.errors);
      if (prepared.errors.length > 0) continue;
      const design = await api.json('GET', `/designs/${f.designId}`);
      const projectId = projectOf(design);
      errors.push(...(await validateImport(api, { ...prepared.payload, target: { kind: 'design', project_uuid: projectId } }, f.file)));
      planned.push({ stem: f.stem, file: f.file, designId: f.designId, action: 'update', changes, body: prepared.payload });
    } else {
      if (!target) {
        errors.push({ file: f.file, message: 'a new design needs a project: pass --project <id> or set project_id in pressroom.json' });
        continue;
      }
      const prepared = await prepareImport(f.payload, f.file, [join(dir, assetsFolder(f.stem))]);
      errors.push(...prepared.errors);
      if (prepared.errors.length > 0) continue;
      const body = { ...prepared.payload, target: prepared.payload.target ?? { kind: 'design', project_uuid: target } };
      errors.push(...(await validateImport(api, body, f.file)));
      planned.push({ stem: f.stem, file: f.file, designId: null, action: 'create', changes: [], body, uploads: prepared.uploads });
    }
  }
  return { planned, errors };
}

/**
 * `designs push <dir>`: validates every file first and stops with all the errors; then PUTs the
 * document of each changed design (a new version) and imports each new one, recording its id.
 */
export async function designsPush(
  api: Api,
  out: Output,
  dir: string,
  options: { project?: string; validateOnly: boolean; timeoutMs: number },
): Promise<void> {
  const { planned, errors } = await plan(api, out, dir, options.project);
  if (errors.length > 0) throw new CliError(`designs push: ${errors.length} problem(s); nothing was pushed`, EXIT.invalid, errors);
  const results: Json[] = [];
  const manifest = await readManifest(dir);
  for (const p of planned) {
    if (p.action === 'unchanged' || options.validateOnly) {
      results.push({
        file: p.file,
        design_id: p.designId,
        action: options.validateOnly && p.action !== 'unchanged' ? `valid (${p.action})` : p.action,
      });
      out.line(`${p.file}: ${options.validateOnly && p.action !== 'unchanged' ? `valid, would ${p.action}` : 'unchanged'}`);
      continue;
    }
    if (p.action === 'update') {
      out.progress(`updating ${p.file}`);
      const put = await api.json('PUT', `/designs/${p.designId}/document`, { body: p.body });
      const versions = await api.json('GET', `/designs/${p.designId}/versions`);
      const current = (versions as Json[]).find((v) => v.current)?.number ?? null;
      for (const w of put.warnings ?? []) out.note(`warning: ${p.file}: ${w.path ? `${w.path}: ` : ''}${w.message} (${w.code})`);
      results.push({ file: p.file, design_id: p.designId, action: 'updated', version: current, changes: p.changes.length });
      out.line(`${p.file}: updated ${p.designId}, version ${current} (${p.changes.length} change${p.changes.length === 1 ? '' : 's'})`);
    } else {
      out.progress(`importing ${p.file}`);
      const record = await runImport(api, out, p.body, p.uploads ?? new Map(), { timeoutMs: options.timeoutMs, file: p.file });
      const id = record.result?.uuid as string;
      manifest.designs[p.stem] = id;
      await writeManifest(dir, manifest);
      results.push({ file: p.file, design_id: id, action: 'created', warnings: record.warnings ?? [] });
      out.line(`${p.file}: created ${id}`);
    }
  }
  out.result({ folder: dir, designs: results });
}

/** `designs diff <dir>`: each file against its design's current version; exit 8 when anything differs. */
export async function designsDiff(api: Api, out: Output, dir: string): Promise<number> {
  const { manifest, files } = await readFolder(dir);
  const report: Json[] = [];
  const bad: FieldError[] = [];
  for (const [i, f] of files.entries()) {
    out.progress(`comparing ${i + 1}/${files.length}: ${f.stem}.json`);
    if (f.error) {
      bad.push(f.error);
      continue;
    }
    if (!f.designId) {
      report.push({ file: f.file, design_id: null, status: 'new', changes: [] });
      out.line(`${f.file}: new (not on the farm yet)`);
      continue;
    }
    const changes = await changesOf(dir, await farmView(api, dir, f.stem, f.designId), f.payload);
    report.push({ file: f.file, design_id: f.designId, status: changes.length === 0 ? 'same' : 'changed', changes });
    if (changes.length > 0) out.line([`${f.file} (${f.designId}):`, ...formatChanges(changes).map((l) => `  ${l}`)].join('\n'));
  }
  const present = new Set(files.map((f) => f.stem));
  for (const [stem, id] of Object.entries(manifest.designs))
    if (!present.has(stem)) {
      report.push({ file: join(dir, `${stem}.json`), design_id: id, status: 'missing', changes: [] });
      out.line(`${stem}.json: missing (pressroom.json names design ${id})`);
    }
  if (bad.length > 0) throw new CliError(`designs diff: ${bad.length} file(s) cannot be read`, EXIT.invalid, bad);
  out.result(report);
  return report.some((r) => r.status !== 'same') ? EXIT.differences : EXIT.ok;
}

/**
 * `designs preview <dir> -o <out>`: each new or changed file imported as a scratch design into a
 * project (not the live design), every format rendered to `<out>/<stem>--<format>.<type>`, the
 * scratch design deleted. What a pull request's CI job shows.
 */
export async function designsPreview(
  api: Api,
  out: Output,
  dir: string,
  options: { output: string; project?: string; all: boolean; timeoutMs: number },
): Promise<void> {
  const { manifest, files } = await readFolder(dir);
  const project = options.project ?? manifest.project_id;
  if (!project) throw usageError('designs preview: pass --project <id> (the scratch designs go there) or set project_id in pressroom.json');
  const bad = files.filter((f) => f.error).map((f) => f.error as FieldError);
  if (bad.length > 0) throw new CliError(`designs preview: ${bad.length} file(s) cannot be read`, EXIT.invalid, bad);
  await mkdir(options.output, { recursive: true });
  const written: Json[] = [];
  for (const f of files) {
    if (!options.all && f.designId) {
      const changes = await changesOf(dir, await farmView(api, dir, f.stem, f.designId), f.payload);
      if (changes.length === 0) continue;
    }
    const prepared = await prepareImport(f.payload, f.file, [join(dir, assetsFolder(f.stem))]);
    if (prepared.errors.length > 0) throw new CliError(`designs preview: ${f.file} cannot be imported`, EXIT.invalid, prepared.errors);
    const { target: _ignored, ...payload } = prepared.payload;
    const record = await runImport(
      api,
      out,
      { ...payload, name: `preview: ${payload.name ?? f.stem}`, target: { kind: 'design', project_uuid: project } },
      prepared.uploads,
      {
        timeoutMs: options.timeoutMs,
        file: f.file,
      },
    );
    const scratch = record.result.uuid as string;
    try {
      const request = await waitForGeneration(api, out, await startAsync(api, scratch, {}), options.timeoutMs);
      throwOnFormatErrors(request);
      for (const [i, banner] of (request.banners as Json[]).entries()) {
        const name = `${f.stem}--${banner.format?.id ?? `page-${i + 1}`}.${banner.file.type}`.replace(/[^\w.-]/g, '_');
        await writeFile(join(options.output, name), await api.download(banner.file.url));
        written.push({ file: f.file, preview: join(options.output, name) });
        out.line(`${f.file}: ${join(options.output, name)}`);
      }
    } finally {
      await api.request('DELETE', `/designs/${scratch}`).catch(() => undefined);
    }
  }
  if (written.length === 0) out.line('no design changed: no preview');
  out.result({ previews: written });
}
