// Design: formats, layers and their properties from the design read; the as-import download;
// a JSON import by drag and drop that follows the import lifecycle.
import { useState } from 'preact/hooks';
import { ApiError, api, upload } from '../api.js';
import { normalizeDesign } from '../plan.js';
import { downloadJson, ErrorBox, html, Loading, useApi, when } from '../ui.js';

function show(value) {
  if (value === undefined || value === null) return '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export function DesignPage({ id }) {
  const read = useApi('GET', `/designs/${id}`, undefined, [id]);
  const [downloadError, setDownloadError] = useState(null);
  if (read.loading && !read.data) return html`<${Loading} what="the design" />`;
  if (read.error) return html`<h1>Design</h1><${ErrorBox} error=${read.error} title="The design could not be read" />`;
  const design = normalizeDesign(read.data);
  const frame = design.frames[0];
  const layers = frame ? design.layersOf(frame.id) : [];
  const asImport = async () => {
    setDownloadError(null);
    try {
      const { data } = await api('GET', `/designs/${id}/as-import`);
      downloadJson(data.payload, `${design.name.replace(/[^\w.-]+/g, '-')}.json`);
    } catch (e) {
      setDownloadError(e);
    }
  };
  return html`
    <h1>${design.name}</h1>
    <p><span class="tag">${design.type}</span> <span class="tag">${read.data.project_name ?? ''}</span>
      Updated ${when(read.data.updated_at)}</p>
    <p class="row">
      <a class="button" href=${`#/playground/${id}`}>Open in the playground</a>
      <button type="button" class="secondary" onClick=${asImport}>Download as import JSON</button>
    </p>
    <${ErrorBox} error=${downloadError} title="The as-import document could not be made" />

    <h2>${design.perFrame ? 'Pages' : 'Formats'}</h2>
    <div class="table-wrap" tabindex="0"><table>
      <thead><tr><th scope="col">Name</th><th scope="col">Size</th><th scope="col">Preview</th></tr></thead>
      <tbody>
        ${design.frames.map(
          (f) => html`<tr>
            <th scope="row">${f.id}</th>
            <td>${f.width} × ${f.height} ${f.unit}</td>
            <td>${f.preview_url ? html`<a href=${f.preview_url} target="_blank" rel="noopener">Preview of ${f.id}</a>` : '—'}</td>
          </tr>`,
        )}
      </tbody>
    </table></div>

    <h2>Layers${frame ? html` <small>(values in ${frame.id})</small>` : null}</h2>
    ${layers.map(
      (layer) => html`<details open=${layers.length <= 6}>
        <summary>${layer.name} <span class="tag">${layer.type}</span></summary>
        <div class="table-wrap" tabindex="0"><table>
          <thead><tr><th scope="col">Property</th><th scope="col">Value</th><th scope="col">Help</th></tr></thead>
          <tbody>
            ${layer.props.map((p) => html`<tr><th scope="row"><code>${p.id}</code></th><td>${show(p.value)}</td><td>${p.help}</td></tr>`)}
          </tbody>
        </table></div>
      </details>`,
    )}

    <${ImportPanel} />
  `;
}

const WAITING = new Set(['WAITING_FOR_VALIDATION', 'PENDING', 'PROCESSING', 'VALIDATED', 'QUEUED']);

/**
 * A design JSON dropped (with the asset files it names) goes through the import lifecycle:
 * validate_only first (warnings), then create, upload each asset to its signed URL, validate
 * (PUT), and poll until the import is DONE or FAILED.
 */
export function ImportPanel() {
  const [over, setOver] = useState(false);
  const [steps, setSteps] = useState([]);
  const [error, setError] = useState(null);
  const [result, setResult] = useState(null);
  const log = (line) => setSteps((s) => [...s, line]);

  const run = async (files) => {
    setSteps([]);
    setError(null);
    setResult(null);
    const json = files.find((f) => f.name.endsWith('.json') || f.type === 'application/json');
    if (!json) {
      setError(new Error('Drop a design .json file (and the asset files it names, if any).'));
      return;
    }
    try {
      let doc;
      try {
        doc = JSON.parse(await json.text());
      } catch {
        throw new Error(`${json.name} is not valid JSON.`);
      }
      const check = await api('POST', '/designs/import/json', { body: doc, query: { validate_only: 'true' } });
      log(`Checked: ${check.data.name} (${check.data.type}), ${check.data.uploads.length} asset(s) to upload.`);
      for (const w of check.data.warnings ?? []) log(`Warning: ${typeof w === 'string' ? w : (w.message ?? JSON.stringify(w))}`);
      const created = await api('POST', '/designs/import/json', { body: doc });
      log(`Import ${created.data.id} created (${created.data.status}).`);
      for (const u of created.data.uploads ?? []) {
        const file = files.find((f) => f.name === u.name || f.name.replace(/\.[^.]+$/, '') === u.name);
        if (!file) throw new Error(`The document names the asset “${u.name}”: drop its file together with the JSON.`);
        await upload(u.upload_url, file, u.content_type);
        log(`Uploaded ${u.name}.`);
      }
      await api('PUT', `/designs/import/json/${created.data.id}`);
      log('Queued for processing.');
      for (;;) {
        const { data } = await api('GET', `/designs/import/json/${created.data.id}`);
        if (!WAITING.has(data.status)) {
          for (const w of data.warnings ?? []) log(`Warning: ${typeof w === 'string' ? w : (w.message ?? JSON.stringify(w))}`);
          if (data.status !== 'DONE')
            throw new ApiError(400, {
              id: data.status,
              message: data.error ? `${data.error.message} (at ${data.error.path})` : `The import ended ${data.status}.`,
            });
          setResult(data);
          log('Done.');
          return;
        }
        await new Promise((r) => setTimeout(r, data.next_check_after_ms ?? 1000));
      }
    } catch (e) {
      setError(e);
    }
  };

  const drop = (event) => {
    event.preventDefault();
    setOver(false);
    void run([...(event.dataTransfer?.files ?? [])]);
  };
  const designId = result?.result?.kind === 'design' ? result.result.uuid : null;
  return html`<section aria-labelledby="import-title">
    <h2 id="import-title">Import a design</h2>
    <div class=${`dropzone${over ? ' over' : ''}`} onDragOver=${(e) => {
      e.preventDefault();
      setOver(true);
    }} onDragLeave=${() => setOver(false)} onDrop=${drop}>
      <p>Drop a design JSON here, with the asset files it names, or choose them:</p>
      <label for="import-files">Design JSON and assets</label>
      <input id="import-files" type="file" multiple accept=".json,application/json,image/*,font/*"
        onChange=${(e) => run([...e.currentTarget.files])} />
    </div>
    ${steps.length ? html`<ol aria-live="polite">${steps.map((s) => html`<li>${s}</li>`)}</ol>` : null}
    <${ErrorBox} error=${error} title="The import failed" />
    ${result ? html`<p class="ok">Imported.${designId ? html` <a href=${`#/design/${designId}`}>Open the design</a>` : null}</p>` : null}
  </section>`;
}
