// Playground: a form generated from the design's layers, a preview that re-renders through the
// sync endpoint as the user types (static designs), async renders with progress for every
// type, and the exact request as curl, Python SDK and Node.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { api, session } from '../api.js';
import { Control, FontLists, fontLists } from '../controls.js';
import {
  aiControlsFor,
  asyncOnly,
  buildBody,
  debounce,
  endpointFor,
  FILE_TYPES,
  fieldKey,
  fieldKeyOfPath,
  fileKind,
  formOf,
  isMainProp,
  normalizeDesign,
  snippets,
} from '../plan.js';
import { Copy, ErrorBox, html, Loading, useApi } from '../ui.js';

const PREVIEW_DEBOUNCE_MS = 500;
const POLL_MS = 1000;

export function PlaygroundPage({ id }) {
  const read = useApi('GET', `/designs/${id}`, undefined, [id]);
  if (read.loading && !read.data) return html`<${Loading} what="the design" />`;
  if (read.error) return html`<h1>Playground</h1><${ErrorBox} error=${read.error} title="The design could not be read" />`;
  return html`<${WithProperties} design=${normalizeDesign(read.data)} />`;
}

/** The kinds of the design type's properties (the controls) and what the farm's AI can do. */
function WithProperties({ design }) {
  const described = useApi('GET', '/layer-properties', { query: { type: design.type } }, [design.type]);
  const capabilities = useApi('GET', '/capabilities', undefined, []);
  if (described.loading && !described.data) return html`<${Loading} what="the layer properties" />`;
  if (described.error)
    return html`<h1>Playground</h1><${ErrorBox} error=${described.error} title="The layer properties could not be read" />`;
  return html`<${Playground}
    design=${design}
    descriptors=${described.data.layers}
    capabilities=${capabilities.data}
    capabilitiesError=${capabilities.error}
  />`;
}

function Playground({ design, descriptors, capabilities, capabilitiesError }) {
  const [frame, setFrame] = useState(design.frames[0]?.id ?? '');
  const [fileType, setFileType] = useState('');
  const [changes, setChanges] = useState({});
  const [fieldErrors, setFieldErrors] = useState({});
  const [error, setError] = useState(null);
  const [preview, setPreview] = useState(null);
  const [busy, setBusy] = useState(false);
  const [job, setJob] = useState(null);
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

  const showError = (e) => {
    const byField = {};
    for (const issue of e.errors ?? []) {
      const key = fieldKeyOfPath(issue.path);
      if (key && document.getElementById(key)) byField[key] = byField[key] ? `${byField[key]}; ${issue.message}` : issue.message;
    }
    setFieldErrors(byField);
    setError(e);
  };

  const renderSync = async (requestBody) => {
    const mine = ++seq.current;
    setBusy(true);
    const started = performance.now();
    try {
      const { data } = await api('POST', `/banner-builder/${design.id}/generate`, { body: requestBody });
      if (mine !== seq.current) return;
      setPreview({
        url: data.file.url,
        type: data.file.type ?? requestBody.image_file_type ?? 'jpeg',
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
  const [schedule] = useState(() => debounce((b) => void renderSync(b), PREVIEW_DEBOUNCE_MS));
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
      const { data } = await api(asyncEndpoint.method, asyncEndpoint.path, { body: asyncBody });
      const requestId = data.generation_request_id;
      setJob((j) => ({ ...j, status: 'in_progress', requestId }));
      for (;;) {
        const { data: state } = await api('GET', `/generation-request/${requestId}`);
        setJob((j) => ({ ...j, files: state.banners, errors: state.errors, status: state.is_finalized ? 'done' : 'in_progress' }));
        if (state.is_finalized) return;
        await new Promise((r) => setTimeout(r, POLL_MS));
      }
    } catch (e) {
      setJob((j) => ({ ...j, status: 'failed' }));
      showError(e);
    }
  };

  const setValue = (layer, prop, value) => {
    setChanges((c) => {
      const next = { ...c, [scope]: { ...(c[scope] ?? {}), [layer]: { ...(c[scope]?.[layer] ?? {}), [prop]: value } } };
      return next;
    });
  };
  const currentValue = (layer, prop, original) => {
    const v = changes[scope]?.[layer.name]?.[prop];
    return v === undefined ? original : v;
  };

  return html`
    <h1>Playground: ${design.name}</h1>
    <p><a href=${`#/design/${design.id}`}>Back to the design</a> · <span class="tag">${design.type}</span>
      ${live ? ' The preview re-renders as you type (synchronous endpoint).' : ' This type renders asynchronously: press Generate.'}</p>
    <div class="playground">
      <${FontLists.Provider} value=${fonts}>
      <form aria-label="Overrides" onSubmit=${(e) => {
        e.preventDefault();
        void generate();
      }}>
        <div class="row">
          <div class="field">
            <label for="pg-frame">${design.perFrame ? 'Page' : 'Format'}</label>
            <select id="pg-frame" value=${frame} onChange=${(e) => setFrame(e.currentTarget.value)}>
              ${design.frames.map((f) => html`<option value=${f.id}>${f.id} (${f.width}×${f.height} ${f.unit})</option>`)}
            </select>
          </div>
          ${
            design.type !== 'printer_multipage'
              ? html`<div class="field">
                <label for="pg-type">File type</label>
                <select id="pg-type" value=${fileType} onChange=${(e) => setFileType(e.currentTarget.value)}>
                  <option value="">Design default</option>
                  ${FILE_TYPES[design.type].map((t) => html`<option value=${t}>${t}</option>`)}
                </select>
              </div>`
              : null
          }
        </div>
        ${layers.map(
          (layer, i) => html`<details open=${i < 2 || layer.type === 'text' || layer.type === 'variables'}>
            <summary>${layer.name} <span class="tag">${layer.type}</span></summary>
            <fieldset>
              <legend class="skip">${layer.name}</legend>
              ${(() => {
                const control = (p) => html`<${Control}
                  key=${`${scope}/${layer.name}/${p.id}`}
                  layer=${layer.name}
                  prop=${p}
                  value=${currentValue(layer, p.id, p.value)}
                  encoded=${p.control.encoded ? changes[scope]?.[layer.name]?.[p.control.encoded] : undefined}
                  error=${fieldErrors[fieldKey(layer.name, p.id)]}
                  onChange=${(v) => setValue(layer.name, p.id, v)}
                  onEncoded=${(prop, v) => {
                    setValue(layer.name, prop, v);
                    setValue(layer.name, p.id, undefined);
                  }}
                />`;
                const main = layer.form.filter((p) => isMainProp(layer.type, p.id));
                const more = layer.form.filter((p) => !isMainProp(layer.type, p.id));
                const moreError = more.some((p) => fieldErrors[fieldKey(layer.name, p.id)]);
                return html`${main.map(control)}
                  <${AiControls}
                    layer=${layer.name}
                    ai=${layer.ai}
                    live=${live}
                    values=${changes[scope]?.[layer.name] ?? {}}
                    errors=${fieldErrors}
                    unknown=${layer.type === 'image' && !capabilities}
                    failure=${capabilitiesError}
                    onChange=${(op, v) => setValue(layer.name, op, v)}
                  />
                  ${
                    more.length
                      ? html`<details class="more" open=${moreError || undefined}>
                        <summary>More properties of ${layer.name} (${more.length})</summary>
                        ${more.map(control)}
                      </details>`
                      : null
                  }`;
              })()}
            </fieldset>
          </details>`,
        )}
        <p class="row">
          <button type="submit" disabled=${job?.status === 'sending' || job?.status === 'in_progress'}>Generate${live ? ' (async, saved in Generations)' : ''}</button>
          <button type="button" class="secondary" onClick=${() => setChanges({})}>Reset the form</button>
        </p>
      </form>
      </${FontLists.Provider}>
      <div class="preview">
        <h2>Preview</h2>
        <${ErrorBox} error=${error} title="The API refused the request" />
        ${live ? html`<${SyncPreview} preview=${preview} busy=${busy} />` : null}
        ${
          live
            ? null
            : html`<p><button type="button" onClick=${generate} disabled=${job?.status === 'sending' || job?.status === 'in_progress'}>Generate ${design.perFrame ? 'the PDF' : frame}</button></p>
              ${!job && savedPreview ? html`<figure><img src=${savedPreview} alt=${`Saved preview of ${frame}`} /><figcaption>Saved preview; press Generate to render your changes.</figcaption></figure>` : null}`
        }
        ${job ? html`<${JobView} job=${job} />` : null}
        <${Snippets} design=${design} endpoint=${endpoint} body=${body} />
      </div>
    </div>`;
}

function SyncPreview({ preview, busy }) {
  return html`<div aria-busy=${busy ? 'true' : 'false'}>
    <p role="status" class="loading">${busy ? 'Rendering…' : preview ? `Rendered in ${preview.ms} ms.` : 'Waiting for the first render…'}</p>
    ${preview ? html`<figure><${FileView} url=${preview.url} type=${preview.type} alt="Live preview" /><figcaption>Latency <span id="pg-latency">${preview.ms}</span> ms (request to answer, sync endpoint)</figcaption></figure>` : null}
  </div>`;
}

function JobView({ job }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (job.status !== 'in_progress' && job.status !== 'sending') return;
    const t = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(t);
  }, [job.status]);
  const seconds = ((now - job.started) / 1000).toFixed(1);
  return html`<section aria-labelledby="job-title">
    <h3 id="job-title">Generation ${job.requestId ? html`<a href="#/generations"><code>${job.requestId.slice(0, 8)}</code></a>` : null}</h3>
    ${
      job.status === 'in_progress' || job.status === 'sending'
        ? html`<p role="status">Rendering… ${seconds} s <progress aria-label="Generation progress"></progress></p>`
        : null
    }
    ${job.status === 'done' ? html`<p role="status" class="ok">Finished: ${job.files.length} file(s)${job.errors.length ? `, ${job.errors.length} error(s)` : ''}.</p>` : null}
    ${job.errors.map((e) => html`<p class="error-text">${e.template_format_name}: ${e.reason}</p>`)}
    ${job.files.map(
      (f) => html`<figure>
        <${FileView} url=${f.file.cdn_url ?? f.file.url} type=${f.file.type} fallback=${f.file.fallback_image_url} alt=${`Generated ${f.format?.id ?? 'file'}`} />
        <figcaption><a href=${f.file.url}>Download ${f.file.filename ?? f.file.type}</a></figcaption>
      </figure>`,
    )}
  </section>`;
}

/** A generated file inline: image, video, GIF, PDF, or an HTML5 banner's fallback image. */
export function FileView({ url, type, fallback, alt }) {
  const kind = fileKind(type);
  if (kind === 'video') return html`<video src=${url} controls muted loop playsinline aria-label=${alt}></video>`;
  if (kind === 'pdf') return html`<object data=${url} type="application/pdf" aria-label=${alt}><a href=${url}>Open the PDF</a></object>`;
  if (kind === 'html5')
    return fallback ? html`<img src=${fallback} alt=${`${alt} (HTML5 banner, fallback image)`} />` : html`<p>HTML5 banner (ZIP)</p>`;
  return html`<img src=${url} alt=${alt} />`;
}

const AI_LABELS = {
  remove_bg: 'Remove the background',
  auto_focus: 'Auto focus on the subject',
  upscale: 'Upscale',
  expand: 'Expand (outpaint) to the layer box',
  text_to_image: 'Text to image: prompt',
};

/**
 * The AI operations of an image layer this farm runs (GET /capabilities), and a note naming the
 * others and why they are not offered.
 */
function AiControls({ layer, ai, live, values, errors, unknown, failure, onChange }) {
  if (unknown)
    return html`<p class="hint ai-note">${failure ? `AI operations unknown: ${failure.message}` : 'Reading what this farm’s AI can do…'}</p>`;
  if (ai.offered.length === 0 && ai.unavailable.length === 0) return null;
  return html`<fieldset class="ai" aria-label=${`AI operations of ${layer}`}>
    <legend>AI</legend>
    ${ai.offered.map(({ op, kind, sync }) => {
      const id = fieldKey(layer, op);
      const error = errors[id];
      const common = {
        id,
        name: `${layer}.${op}`,
        'aria-invalid': error ? 'true' : 'false',
        'aria-describedby': error ? `${id}-error` : undefined,
      };
      const note = live && !sync ? html`<p class="hint">Runs with Generate only (the live preview is synchronous).</p>` : null;
      return html`<div class="field ai-op" data-op=${op}>
        ${
          kind === 'prompt'
            ? html`<label for=${id}>${AI_LABELS[op]}</label>
              <textarea ...${common} rows="2" placeholder="Three words or more" onInput=${(e) => onChange(op, e.currentTarget.value.trim() === '' ? undefined : e.currentTarget.value)}>${values[op] ?? ''}</textarea>`
            : html`<label><input type="checkbox" ...${common} checked=${values[op] === true} onChange=${(e) => onChange(op, e.currentTarget.checked ? true : undefined)} /> ${AI_LABELS[op]} <code>${op}</code></label>`
        }
        ${note}
        ${error ? html`<p class="error" id=${`${id}-error`} role="alert">${error}</p>` : null}
      </div>`;
    })}
    ${
      ai.unavailable.length
        ? html`<div class="hint ai-note" id=${`${fieldKey(layer, 'ai')}-note`}>
          <p>Not offered on this farm:</p>
          <ul>${ai.unavailable.map(({ op, reason }) => html`<li><code>${op}</code>: ${reason}</li>`)}</ul>
        </div>`
        : null
    }
  </fieldset>`;
}

function Snippets({ design, endpoint, body }) {
  const [tab, setTab] = useState('curl');
  const all = snippets({ baseUrl: location.origin, apiKey: session.key() ?? 'prk_…', design, endpoint, body });
  const tabs = [
    ['curl', 'curl'],
    ['python', 'Python SDK'],
    ['node', 'Node'],
  ];
  const onKey = (e) => {
    const i = tabs.findIndex(([t]) => t === tab);
    const next = e.key === 'ArrowRight' ? (i + 1) % tabs.length : e.key === 'ArrowLeft' ? (i + tabs.length - 1) % tabs.length : -1;
    if (next < 0) return;
    setTab(tabs[next][0]);
    document.getElementById(`tab-${tabs[next][0]}`)?.focus();
  };
  return html`<section class="tabs" aria-labelledby="copy-title">
    <h3 id="copy-title">Copy the request</h3>
    <div role="tablist" aria-label="Request as" onKeyDown=${onKey}>
      ${tabs.map(
        ([t, label]) => html`<button type="button" role="tab" id=${`tab-${t}`} aria-selected=${tab === t ? 'true' : 'false'}
          aria-controls="snippet-panel" tabindex=${tab === t ? '0' : '-1'} onClick=${() => setTab(t)}>${label}</button>`,
      )}
    </div>
    <div role="tabpanel" id="snippet-panel" aria-labelledby=${`tab-${tab}`} tabindex="0">
      <pre tabindex="0" aria-label="Request"><code>${all[tab]}</code></pre>
      <${Copy} text=${all[tab]} label=${`Copy as ${tabs.find(([t]) => t === tab)[1]}`} />
    </div>
  </section>`;
}
