// Playground: a form generated from the design's layers, a preview that re-renders through the
// sync endpoint as the user types (static designs), async renders with progress for every
// type, and the exact request as curl, Python SDK and Node (the panels: playground-panels.ts).
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { DesignDetail, GenerationState } from '../answers.js';
import { api } from '../api.js';
import { Control, FontLists, fontLists } from '../controls.js';
import { here } from '../links.js';
import {
  aiControlsFor,
  asyncOnly,
  buildBody,
  type Capabilities,
  type Changes,
  type Control as ControlKind,
  type Descriptors,
  debounce,
  endpointFor,
  FILE_TYPES,
  type FormProp,
  fieldKey,
  fieldKeyOfPath,
  formOf,
  isMainProp,
  normalizeDesign,
  type PlayDesign,
} from '../plan.js';
import { ErrorBox, fieldValue, Loading, type Shown, shown, useApi, type View } from '../ui.js';
import { AiControls, type Job, JobView, type Preview, Snippets, SyncPreview } from './playground-panels.js';

const PREVIEW_DEBOUNCE_MS = 500;
const POLL_MS = 1000;

export function PlaygroundPage({ id }: { id: string }): View {
  const read = useApi<DesignDetail>('GET', `/designs/${id}`, undefined, [id]);
  if (read.loading && !read.data) return <Loading what="the design" />;
  if (read.error || !read.data)
    return (
      <>
        <h1>Playground</h1>
        <ErrorBox error={read.error} title="The design could not be read" />
      </>
    );
  return <WithProperties design={normalizeDesign(read.data)} />;
}

/** The kinds of the design type's properties (the controls) and what the farm's AI can do. */
function WithProperties({ design }: { design: PlayDesign }): View {
  const described = useApi<{ layers: Descriptors }>('GET', '/layer-properties', { query: { type: design.type } }, [design.type]);
  const capabilities = useApi<Capabilities>('GET', '/capabilities', undefined, []);
  if (described.loading && !described.data) return <Loading what="the layer properties" />;
  if (described.error || !described.data)
    return (
      <>
        <h1>Playground</h1>
        <ErrorBox error={described.error} title="The layer properties could not be read" />
      </>
    );
  return (
    <Playground
      design={design}
      descriptors={described.data.layers}
      capabilities={capabilities.data}
      capabilitiesError={capabilities.error}
    />
  );
}

function Playground({
  design,
  descriptors,
  capabilities,
  capabilitiesError,
}: {
  design: PlayDesign;
  descriptors: Descriptors;
  capabilities: Capabilities | null;
  capabilitiesError: Shown | null;
}): View {
  const [frame, setFrame] = useState(design.frames[0]?.id ?? '');
  const [fileType, setFileType] = useState('');
  const [changes, setChanges] = useState<Changes>({});
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<Shown | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [busy, setBusy] = useState(false);
  const [job, setJob] = useState<Job | null>(null);
  const live = design.type === 'static';
  const savedPreview = design.frames.find((f) => f.id === frame)?.preview_url ?? null;
  const scope = design.perFrame ? frame : 'all';
  const layers = useMemo(
    () => design.layersOf(frame).map((l) => ({ ...l, form: formOf(l, descriptors), ai: aiControlsFor(l.type, design.type, capabilities) })),
    [design, frame, descriptors, capabilities],
  );
  // The AI properties the sync endpoint refuses stay out of the live preview; Generate sends them.
  const omit = live ? asyncOnly(capabilities) : [];
  const body = buildBody(design, { frame, fileType, changes, async: !live, omit });
  const endpoint = endpointFor(design, !live);
  const seq = useRef(0);
  // One GET /fonts for every font control of the form.
  const [fonts] = useState(() => fontLists());

  const showError = (caught: unknown) => {
    const e = shown(caught);
    const byField: Record<string, string> = {};
    for (const issue of e.errors ?? []) {
      const key = fieldKeyOfPath(issue.path);
      if (key && document.getElementById(key)) byField[key] = byField[key] ? `${byField[key]}; ${issue.message}` : issue.message;
    }
    setFieldErrors(byField);
    setError(e);
  };

  const renderSync = async (requestBody: Record<string, unknown>) => {
    const mine = ++seq.current;
    setBusy(true);
    const started = performance.now();
    try {
      const { data } = await api<{ id: string; file: { url: string; type?: string } }>('POST', `/banner-builder/${design.id}/generate`, {
        body: requestBody,
      });
      if (mine !== seq.current) return;
      setPreview({
        url: data.file.url,
        type: data.file.type ?? (typeof requestBody.image_file_type === 'string' ? requestBody.image_file_type : 'jpeg'),
        ms: Math.round(performance.now() - started),
        id: data.id,
      });
      setFieldErrors({});
      setError(null);
    } catch (e) {
      if (mine === seq.current) showError(e);
    } finally {
      if (mine === seq.current) setBusy(false);
    }
  };
  const [schedule] = useState(() => debounce((b: Record<string, unknown>) => void renderSync(b), PREVIEW_DEBOUNCE_MS));
  useEffect(() => () => schedule.cancel(), [schedule]);
  // The first preview renders the saved content; every change after it re-renders, debounced.
  const bodyKey = JSON.stringify(body);
  useEffect(() => {
    if (live) schedule(JSON.parse(bodyKey));
  }, [bodyKey, live, schedule]);

  const generate = async () => {
    setError(null);
    setFieldErrors({});
    setJob({ status: 'sending', started: Date.now(), files: [], errors: [] });
    try {
      const asyncEndpoint = endpointFor(design, true);
      const asyncBody = buildBody(design, { frame, fileType, changes, async: true });
      const { data } = await api<{ generation_request_id: string }>(asyncEndpoint.method, asyncEndpoint.path, { body: asyncBody });
      const requestId = data.generation_request_id;
      setJob((j) => j && { ...j, status: 'in_progress', requestId });
      for (;;) {
        const { data: state } = await api<GenerationState>('GET', `/generation-request/${requestId}`);
        setJob((j) => j && { ...j, files: state.banners, errors: state.errors, status: state.is_finalized ? 'done' : 'in_progress' });
        if (state.is_finalized) return;
        await new Promise((r) => setTimeout(r, POLL_MS));
      }
    } catch (e) {
      setJob((j) => j && { ...j, status: 'failed' });
      showError(e);
    }
  };

  const setValue = (layer: string, prop: string, value: unknown) => {
    setChanges((c) => {
      const next = { ...c, [scope]: { ...(c[scope] ?? {}), [layer]: { ...(c[scope]?.[layer] ?? {}), [prop]: value } } };
      return next;
    });
  };
  const currentValue = (layer: { name: string }, prop: string, original: unknown) => {
    const v = changes[scope]?.[layer.name]?.[prop];
    return v === undefined ? original : v;
  };

  return (
    <>
      <h1>Playground: {design.name}</h1>
      <p>
        <a href={`#/design/${design.id}`}>Back to the design</a> · <span class="tag">{design.type}</span>
        {live ? ' The preview re-renders as you type (synchronous endpoint).' : ' This type renders asynchronously: press Generate.'}
      </p>
      <div class="playground">
        <FontLists.Provider value={fonts}>
          <form
            aria-label="Overrides"
            onSubmit={(e: Event) => {
              e.preventDefault();
              void generate();
            }}
          >
            <div class="row">
              <div class="field">
                <label for="pg-frame">{design.perFrame ? 'Page' : 'Format'}</label>
                <select id="pg-frame" value={frame} onChange={(e: Event) => setFrame(fieldValue(e))}>
                  {design.frames.map((f) => (
                    <option key={f.id} value={f.id}>
                      {f.id} ({f.width}×{f.height} {f.unit})
                    </option>
                  ))}
                </select>
              </div>
              {design.type !== 'printer_multipage' ? (
                <div class="field">
                  <label for="pg-type">File type</label>
                  <select id="pg-type" value={fileType} onChange={(e: Event) => setFileType(fieldValue(e))}>
                    <option value="">Design default</option>
                    {FILE_TYPES[design.type].map((t) => (
                      <option key={t} value={t}>
                        {t}
                      </option>
                    ))}
                  </select>
                </div>
              ) : null}
            </div>
            {layers.map((layer, i) => (
              <details key={layer.name} open={i < 2 || layer.type === 'text' || layer.type === 'variables'}>
                <summary>
                  {layer.name} <span class="tag">{layer.type}</span>
                </summary>
                <fieldset>
                  <legend class="skip">{layer.name}</legend>
                  {(() => {
                    const control = (p: FormProp & { control: ControlKind }) => (
                      <Control
                        key={`${scope}/${layer.name}/${p.id}`}
                        layer={layer.name}
                        prop={p}
                        value={currentValue(layer, p.id, p.value)}
                        encoded={
                          p.control.kind === 'source' && p.control.encoded ? changes[scope]?.[layer.name]?.[p.control.encoded] : undefined
                        }
                        error={fieldErrors[fieldKey(layer.name, p.id)]}
                        onChange={(v: unknown) => setValue(layer.name, p.id, v)}
                        onEncoded={(prop: string, v: string) => {
                          setValue(layer.name, prop, v);
                          setValue(layer.name, p.id, undefined);
                        }}
                      />
                    );
                    const form = layer.form as (FormProp & { control: ControlKind })[];
                    const main = form.filter((p) => isMainProp(layer.type, p.id));
                    const more = form.filter((p) => !isMainProp(layer.type, p.id));
                    const moreError = more.some((p) => fieldErrors[fieldKey(layer.name, p.id)]);
                    return (
                      <>
                        {main.map(control)}
                        <AiControls
                          layer={layer.name}
                          ai={layer.ai}
                          live={live}
                          values={changes[scope]?.[layer.name] ?? {}}
                          errors={fieldErrors}
                          unknown={layer.type === 'image' && !capabilities}
                          failure={capabilitiesError}
                          onChange={(op: string, v: unknown) => setValue(layer.name, op, v)}
                        />
                        {more.length ? (
                          <details class="more" open={moreError || undefined}>
                            <summary>
                              More properties of {layer.name} ({more.length})
                            </summary>
                            {more.map(control)}
                          </details>
                        ) : null}
                      </>
                    );
                  })()}
                </fieldset>
              </details>
            ))}
            <p class="row">
              <button type="submit" disabled={job?.status === 'sending' || job?.status === 'in_progress'}>
                Generate{live ? ' (async, saved in Generations)' : ''}
              </button>
              <button type="button" class="secondary" onClick={() => setChanges({})}>
                Reset the form
              </button>
            </p>
          </form>
        </FontLists.Provider>
        <div class="preview">
          <h2>Preview</h2>
          <ErrorBox error={error} title="The API refused the request" />
          {live ? <SyncPreview preview={preview} busy={busy} /> : null}
          {live ? null : (
            <>
              <p>
                <button type="button" onClick={generate} disabled={job?.status === 'sending' || job?.status === 'in_progress'}>
                  Generate {design.perFrame ? 'the PDF' : frame}
                </button>
              </p>
              {!job && savedPreview ? (
                <figure>
                  <img src={here(savedPreview)} alt={`Saved preview of ${frame}`} />
                  <figcaption>Saved preview; press Generate to render your changes.</figcaption>
                </figure>
              ) : null}
            </>
          )}
          {job ? <JobView job={job} /> : null}
          <Snippets design={design} endpoint={endpoint} body={body} />
        </div>
      </div>
    </>
  );
}
