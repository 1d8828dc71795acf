import type { Api } from '../api.js';
import { CliError, EXIT } from '../errors.js';
import { prepareImport, readJsonOrThrow } from '../files.js';
import { runImport, validateImport } from '../imports.js';
import type { Output } from '../output.js';

/**
 * `import <file>`: validates the payload (`?validate_only=true`), creates the import, uploads each
 * local file the payload names (bare names next to the file, `./` references), validates it and
 * waits for DONE. `--project` sets a design target when the payload has none.
 */
export async function importFile(
  api: Api,
  out: Output,
  file: string,
  options: { project?: string; template: boolean; strict: boolean; timeoutMs: number },
): Promise<void> {
  const raw = await readJsonOrThrow(file);
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw new CliError(`${file} cannot be used`, EXIT.invalid, [{ file, path: 'body', message: 'an import payload is a JSON object' }]);
  const prepared = await prepareImport(raw, file);
  if (prepared.errors.length > 0)
    throw new CliError(`import: ${prepared.errors.length} problem(s) in ${file}`, EXIT.invalid, prepared.errors);
  const target = options.template
    ? { kind: 'workspace_template' }
    : options.project
      ? { kind: 'design', project_uuid: options.project }
      : prepared.payload.target;
  const payload = { ...prepared.payload, ...(target ? { target } : {}) };
  out.progress(`validating ${file}`);
  const errors = await validateImport(api, payload, file);
  if (errors.length > 0) throw new CliError(`import: ${file} is not a valid import`, EXIT.invalid, errors);
  const record = await runImport(api, out, payload, prepared.uploads, { strict: options.strict, timeoutMs: options.timeoutMs, file });
  for (const w of record.warnings ?? []) out.note(`warning: ${file}: ${w.path ? `${w.path}: ` : ''}${w.message} (${w.code})`);
  out.result(record);
  out.line(
    `${file}: ${record.result?.kind === 'workspace_template' ? 'template' : 'design'} ${record.result?.uuid} (import ${record.id} DONE)`,
  );
}
