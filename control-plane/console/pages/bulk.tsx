// Bulk: a sheet in, files out (docs/bulk.md). Drop a CSV or TSV, see each column mapped to a
// layer property (and fix the mapping), preview the first rows rendered by the farm, run it with
// a progress bar, then download the ZIP and the result CSV. Earlier runs are listed below.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { BulkReport, BulkRun, DesignDetail, DesignSummary, PreviewRow } from '../answers.js';
import { api, type FieldIssue } from '../api.js';
import { here } from '../links.js';
import { normalizeDesign } from '../plan.js';
import {
  base64Of,
  checkedOf,
  Dropzone,
  ErrorBox,
  fieldValue,
  filesOf,
  Loading,
  type Shown,
  shown,
  useApi,
  type View,
  when,
} from '../ui.js';

const POLL_MS = 1000;
/** The special columns a header may map to (docs/bulk.md, "Columns"). */
const SPECIAL = ['_format', '_file_type', '_file_name'];

/** A sheet picked: its name, and its bytes as base64 (what `source.csv_encoded` takes). */
interface Sheet {
  name: string;
  base64: string;
}

/** A column's target as the user set it: a layer property, or null (ignored). */
type Mapping = Record<string, string | null>;

export function BulkPage(): View {
  const designs = useApi<DesignSummary[]>('GET', '/designs', { query: { type: 'static', sort: 'name' } }, []);
  // The design chosen, else the first listed: derived as the page draws, never set by an effect (an
  // effect runs after the paint, and would overwrite a choice made before it ran).
  const [chosen, setDesignId] = useState('');
  const designId = chosen || (designs.data?.[0]?.id ?? '');
  return (
    <>
      <h1>Bulk</h1>
      <p>
        One file per row of a sheet: drop a CSV or TSV whose headers name <code>layer.property</code> (or map them below), with optional{' '}
        <code>_format</code>, <code>_file_type</code> and <code>_file_name</code> columns.
      </p>
      <ErrorBox error={designs.error} title="The designs could not be listed" />
      {designs.loading && !designs.data ? <Loading what="designs" /> : null}
      {designs.data ? (
        <div class="field">
          <label for="bulk-design">Design</label>
          <select id="bulk-design" value={designId} onChange={(e: Event) => setDesignId(fieldValue(e))}>
            {designs.data.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {designId ? <BulkForm key={designId} designId={designId} /> : null}
      <Runs />
    </>
  );
}

function BulkForm({ designId }: { designId: string }): View {
  const read = useApi<DesignDetail>('GET', `/designs/${designId}`, undefined, [designId]);
  const [file, setFile] = useState<Sheet | null>(null);
  const [mapping, setMapping] = useState<Mapping>({});
  const [report, setReport] = useState<BulkReport | null>(null);
  const [error, setError] = useState<Shown | null>(null);
  const [busy, setBusy] = useState(false);
  const [run, setRun] = useState<BulkRun | null>(null);
  const idempotencyKey = useRef('');
  const [formats, setFormats] = useState<string[] | null>(null);
  const design = useMemo(() => (read.data ? normalizeDesign(read.data) : null), [read.data]);
  const targets = useMemo(() => {
    if (!design) return [];
    const layers = design.layersOf(design.frames[0]?.id ?? '').filter((l) => l.type !== 'variables');
    return [...SPECIAL, ...layers.flatMap((l) => l.props.map((p) => `${l.name}.${p.id}`))];
  }, [design]);

  const chosenFormats = formats ?? design?.frames.map((f) => f.id) ?? [];
  const body = (csv: string) => ({ source: { type: 'csv', csv_encoded: csv }, mapping, formats: chosenFormats });
  const check = async (chosen: Sheet | null = file, withMapping: Mapping = mapping, withFormats: string[] = chosenFormats) => {
    if (!chosen) return;
    setBusy(true);
    setError(null);
    try {
      const { data } = await api<BulkReport>('POST', `/designs/${designId}/bulk-runs`, {
        query: { validate_only: 'true' },
        body: { source: { type: 'csv', csv_encoded: chosen.base64 }, mapping: withMapping, formats: withFormats },
      });
      setReport(data);
      idempotencyKey.current = crypto.randomUUID();
    } catch (e) {
      setReport(null);
      setError(shown(e));
    } finally {
      setBusy(false);
    }
  };
  const onFiles = async (files: File[]) => {
    const picked = files[0];
    if (!picked) return;
    const chosen = { name: picked.name, base64: await base64Of(picked) };
    setFile(chosen);
    setMapping({});
    setRun(null);
    await check(chosen, {});
  };
  const start = async () => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      // One key per checked sheet and mapping: a retried click answers the same run, never a second one.
      const { data } = await api<BulkRun>('POST', `/designs/${designId}/bulk-runs`, {
        body: body(file.base64),
        headers: { 'idempotency-key': idempotencyKey.current },
      });
      setRun(data);
    } catch (e) {
      setError(shown(e));
    } finally {
      setBusy(false);
    }
  };

  if (read.loading && !read.data) return <Loading what="the design" />;
  if (read.error || !design) return <ErrorBox error={read.error} title="The design could not be read" />;
  const headers = report ? Object.keys(report.columns) : error?.errors?.length ? headersFromErrors(error.errors) : [];
  return (
    <>
      <fieldset class="row">
        <legend>
          Formats of every row (a <code>_format</code> column overrides them)
        </legend>
        {design.frames.map((f) => (
          <label key={f.id}>
            <input
              type="checkbox"
              name="bulk-format"
              value={f.id}
              checked={chosenFormats.includes(f.id)}
              onChange={(e: Event) => {
                const next = checkedOf(e) ? [...chosenFormats, f.id] : chosenFormats.filter((x) => x !== f.id);
                setFormats(next);
                void check(file, mapping, next);
              }}
            />{' '}
            {f.id}
          </label>
        ))}
      </fieldset>
      <Dropzone onFiles={onFiles}>
        <p>Drop a CSV or TSV here, or choose one.</p>
        <p>
          <label for="bulk-file">Sheet</label>
          <input
            id="bulk-file"
            type="file"
            accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values"
            onChange={(e: Event) => onFiles(filesOf(e))}
          />
        </p>
        {file ? (
          <p>
            Sheet: <strong>{file.name}</strong>
          </p>
        ) : null}
      </Dropzone>
      <datalist id="bulk-targets">
        {targets.map((t) => (
          <option key={t} value={t} />
        ))}
      </datalist>
      {headers.length ? (
        <table class="mapping">
          <caption>Columns and where they go</caption>
          <thead>
            <tr>
              <th scope="col">Column</th>
              <th scope="col">Layer property</th>
            </tr>
          </thead>
          <tbody>
            {headers.map((h, i) => (
              <tr key={h}>
                <th scope="row">
                  <code>{h}</code>
                </th>
                <td>
                  <input
                    id={`map-${i}`}
                    list="bulk-targets"
                    placeholder="ignored"
                    data-column={h}
                    aria-label={`Target of ${h}`}
                    value={Object.hasOwn(mapping, h) ? (mapping[h] ?? '') : (report?.columns[h] ?? '')}
                    onChange={(e: Event) => {
                      const value = fieldValue(e).trim();
                      const next = { ...mapping, [h]: value === '' ? null : value };
                      setMapping(next);
                      void check(file, next);
                    }}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <ErrorBox error={error} title="The sheet cannot run yet" />
      {busy ? (
        <p class="loading" role="status">
          Checking…
        </p>
      ) : null}
      {report ? (
        <>
          <p class="notice" role="status" id="bulk-report">
            {report.row_count} rows, {report.file_count} files,
            {report.credits_needed} credits.
          </p>
          <Previews designId={designId} rows={report.preview_rows} />
          <p>
            <button type="button" onClick={start} disabled={busy || run !== null}>
              Run {report.row_count} rows
            </button>
          </p>
        </>
      ) : null}
      {run ? <Progress initial={run} /> : null}
    </>
  );
}

/** Headers named by column errors (`columns.<header>`), so a sheet refused for its columns can still be mapped. */
function headersFromErrors(errors: FieldIssue[]): string[] {
  return [...new Set(errors.flatMap((e) => (e.path.startsWith('columns.') ? [e.path.slice(8)] : [])))];
}

/** The first rows, rendered by the farm (the sync endpoint, as the playground's live preview). */
function Previews({ designId, rows }: { designId: string; rows: PreviewRow[] }): View {
  const [images, setImages] = useState<string[]>([]);
  const [error, setError] = useState<Shown | null>(null);
  const seq = useRef(0);
  useEffect(() => {
    const mine = ++seq.current;
    setImages([]);
    setError(null);
    (async () => {
      const out: string[] = [];
      for (const row of rows) {
        const { data } = await api<{ file: { url: string; cdn_url?: string | null } }>('POST', `/banner-builder/${designId}/generate`, {
          body: { template_format_name: row.template_format_names[0], image_file_type: row.image_file_type, elements: row.elements },
        });
        out.push(here(data.file.cdn_url ?? data.file.url));
        if (mine === seq.current) setImages([...out]);
      }
    })().catch((e: unknown) => mine === seq.current && setError(shown(e)));
  }, [designId, JSON.stringify(rows)]);
  return (
    <section aria-labelledby="bulk-previews">
      <h2 id="bulk-previews">First rows</h2>
      <ErrorBox error={error} title="A preview could not be rendered" />
      <ul class="gallery">
        {rows.map((_, i) => (
          <li class="card">
            {images[i] ? <img src={images[i]} alt={`Row ${i + 1} preview`} class="bulk-preview" /> : <Loading what={`row ${i + 1}`} />}
            <div class="body">Row {i + 1}</div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A run's progress bar, polled until it has finished, then its downloads. */
function Progress({ initial }: { initial: BulkRun }): View {
  const [run, setRun] = useState<BulkRun>(initial);
  useEffect(() => {
    if (run.finished_at_ts !== null) return;
    const timer = setTimeout(async () => {
      try {
        setRun((await api<BulkRun>('GET', `/bulk-runs/${run.id}`)).data);
      } catch {
        setRun({ ...run });
      }
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [run]);
  return (
    <section aria-labelledby="bulk-run">
      <h2 id="bulk-run">
        Run <code>{run.id}</code>
      </h2>
      <RunLine run={run} />
    </section>
  );
}

function RunLine({ run }: { run: BulkRun }): View {
  const ended = run.rows.done + run.rows.failed;
  return (
    <div class="bulk-run" data-status={run.status}>
      <progress max={run.row_count} value={ended} aria-label={`Rows of run ${run.id}`}>
        {ended} of {run.row_count}
      </progress>
      <p>
        {run.status}: {run.rows.done} done, {run.rows.failed} failed, {run.rows.pending} pending · {when(run.created_at_ts)}
      </p>
      {run.error ? <p class="error-text">{run.error}</p> : null}
      {run.finished_at_ts !== null ? (
        <p class="row">
          {run.archive_url ? (
            <a href={here(run.archive_url)} class="download-zip">
              Download the ZIP
            </a>
          ) : null}
          {run.result_csv_url ? (
            <a href={here(run.result_csv_url)} class="download-csv">
              Download the result CSV
            </a>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}

function Runs(): View {
  const list = useApi<BulkRun[]>('GET', '/bulk-runs', { query: { per_page: 20 } }, []);
  return (
    <section aria-labelledby="bulk-runs">
      <h2 id="bulk-runs">Earlier runs</h2>
      <p>
        <button type="button" class="secondary" onClick={list.reload}>
          Refresh
        </button>
      </p>
      <ErrorBox error={list.error} title="The runs could not be listed" />
      {list.data?.length === 0 ? <p class="notice">No bulk run yet.</p> : null}
      <ul class="bulk-runs">
        {(list.data ?? []).map((r) => (
          <li key={r.id}>
            <RunLine run={r} />
          </li>
        ))}
      </ul>
    </section>
  );
}
