// Editor: a design drawn by the renderer's own planning and HTML code (/console/vendor/canvas.mjs,
// bundled from shared/renderer by scripts/build.mjs), changed by direct manipulation and panels,
// saved with PUT /designs/<id>/document in the import format (docs/console.md, "The editor").
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { api, apiBytes } from '../api.js';
import {
  blankDesign,
  boxOf,
  findLayer,
  fontsOf,
  frameIds,
  frameSize,
  history,
  normalizeDoc,
  placeOfIssue,
  rebased,
  removeLayer,
  withBox,
} from '../editor-model.js';
import { ProjectPicker } from '../projects.js';
import { ErrorBox, html, Loading, leaveGuard, useApi } from '../ui.js';
import { Canvas, Timing } from './editor-canvas.js';
import { FramesBar } from './editor-frames.js';
import { LayersPanel } from './editor-layers.js';
import { PropertiesPanel } from './editor-props.js';
import { VersionsPanel } from './editor-versions.js';

/** The renderer bundled for the browser: a built file the control plane serves, not a source here. */
const CANVAS_URL = '/console/vendor/canvas.mjs';

/** The canvas module and the bundled font catalogue: the same for every workspace, loaded once per page. */
let canvasReady = null;
/** The blob URL of each uploaded face, by `<font id>/<weight>/<style>`: a file is fetched once per page. */
const faceUrls = new Map();

/**
 * The canvas and the fonts it draws with. The bundled part is loaded once; the workspace's own
 * fonts are read again at each call (`GET /fonts`), so a font uploaded after the editor opened
 * (on the Fonts page, or in another tab) is drawn in its own face, not in the fallback.
 */
export async function loadCanvas() {
  canvasReady ??= Promise.all([
    import(CANVAS_URL),
    fetch('/console/fonts/catalogue.json').then((r) => r.json()),
    fetch('/console/links.json').then((r) => r.json()),
  ]).catch((e) => {
    canvasReady = null;
    throw e;
  });
  const [[canvas, bundled, links], fonts] = await Promise.all([canvasReady, api('GET', '/fonts').then((r) => r.data)]);
  // Uploaded faces come through the API with the key (a CSS url() cannot send it), as blob URLs.
  const wanted = new Map();
  const own = canvas.uploadedCatalogue(fonts, (id, weight, style) => {
    const key = `${id}/${weight}/${style}`;
    wanted.set(key, { id, weight, style });
    return key;
  });
  for (const [key, f] of wanted)
    if (!faceUrls.has(key))
      faceUrls.set(
        key,
        apiBytes(`/fonts/${f.id}/file?weight=${f.weight}&style=${f.style}`).then(
          (bytes) => URL.createObjectURL(new Blob([bytes])),
          () => {
            faceUrls.delete(key);
            return '';
          },
        ),
      );
  const urls = new Map(await Promise.all([...wanted.keys()].map(async (key) => [key, await faceUrls.get(key)])));
  for (const [, faces] of own.faces) for (const face of faces) face.path = urls.get(face.path) ?? '';
  return { canvas, catalogue: canvas.catalogueFromJson(bundled, own), filesBase: links.files_base };
}

/** The farm's stored-file links of a value, pointed at this page's origin (see `rebased`). */
function here(kit, value) {
  return kit.filesBase ? rebased(value, kit.filesBase, `${location.origin}/files/`) : value;
}

export function EditorPage({ id }) {
  return id === 'new' ? html`<${NewDesign} />` : html`<${ExistingDesign} id=${id} />`;
}

function ExistingDesign({ id }) {
  // A restored version is read again, and the editor opens on it.
  const [restores, setRestores] = useState(0);
  const read = useApi('GET', `/designs/${id}/as-import`, undefined, [id, restores]);
  const meta = useApi('GET', `/designs/${id}`, undefined, [id]);
  if (read.loading || (meta.loading && !meta.data)) return html`<${Loading} what="the design" />`;
  if (read.error || meta.error)
    return html`<h1>Editor</h1><${ErrorBox} error=${read.error ?? meta.error} title="The design could not be read" />`;
  return html`<${WithDescriptors} id=${id} initial=${read.data.payload} projectId=${meta.data.project_id}
    onRestored=${() => setRestores((n) => n + 1)} />`;
}

/** "New design": the project (picked or created), the type and name, then the editor on a blank design of one frame. */
function NewDesign() {
  const [projectId, setProjectId] = useState(null);
  const [type, setType] = useState('static');
  const [name, setName] = useState('Untitled design');
  const [started, setStarted] = useState(null);
  if (started) return html`<${WithDescriptors} id=${null} initial=${started} projectId=${projectId} />`;
  return html`<h1>New design</h1>
    <${ProjectPicker} id="new-project" label="Project of the design" value=${projectId} onChange=${setProjectId} />
    <form class="row" aria-label="New design" onSubmit=${(e) => {
      e.preventDefault();
      if (projectId) setStarted(blankDesign(type, name));
    }}>
      <div class="field"><label for="new-name">Name</label>
        <input id="new-name" value=${name} onInput=${(e) => setName(e.currentTarget.value)} required /></div>
      <div class="field"><label for="new-type">Type</label>
        <select id="new-type" value=${type} onChange=${(e) => setType(e.currentTarget.value)}>
          <option value="static">Static</option><option value="animated">Animated</option>
          <option value="printer">Print</option><option value="printer_multipage">Print, multipage</option>
        </select></div>
      <button type="submit" disabled=${!projectId} aria-describedby=${projectId ? undefined : 'new-needs-project'}>Start</button>
      ${projectId ? null : html`<p class="hint" id="new-needs-project">A design lives in a project: pick or create one first.</p>`}
    </form>`;
}

function WithDescriptors({ id, initial, projectId, onRestored }) {
  const described = useApi('GET', '/layer-properties', { query: { type: initial.type } }, [initial.type]);
  const [canvas, setCanvas] = useState(null);
  const [failed, setFailed] = useState(null);
  useEffect(() => {
    loadCanvas().then(setCanvas, setFailed);
  }, []);
  // A font the design names that the canvas does not know (uploaded since the fonts were read):
  // the workspace's fonts are read again, once per such font.
  const asked = useRef(new Set());
  const refreshFonts = (ids) => {
    const fresh = ids.filter((f) => !asked.current.has(f));
    if (fresh.length === 0) return;
    for (const f of fresh) asked.current.add(f);
    loadCanvas().then(setCanvas, () => {});
  };
  if (failed) return html`<h1>Editor</h1><${ErrorBox} error=${failed} title="The canvas could not be loaded" />`;
  if (described.error) return html`<h1>Editor</h1><${ErrorBox} error=${described.error} title="The layer properties could not be read" />`;
  if (!canvas || !described.data) return html`<${Loading} what="the canvas" />`;
  return html`<${Editor} id=${id} initial=${initial} projectId=${projectId} descriptors=${described.data.layers} kit=${canvas} refreshFonts=${refreshFonts} onRestored=${onRestored} />`;
}

function Editor({ id, initial, projectId, descriptors, kit, refreshFonts, onRestored }) {
  const [hist, setHist] = useState(() => history.start(normalizeDoc(initial)));
  const [saved, setSaved] = useState(() => hist.present);
  const doc = hist.present;
  const [frame, setFrame] = useState(() => frameIds(doc)[0]);
  const [selected, setSelected] = useState([]);
  const [issues, setIssues] = useState(null);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const [locked, setLocked] = useState(() => new Set());
  // Each save makes a version: the versions list is read again.
  const [saves, setSaves] = useState(0);
  const dirty = doc !== saved;
  const commit = (next, key = null) => setHist((h) => history.commit(h, next, key));
  const frames = frameIds(doc);
  const current = frames.includes(frame) ? frame : frames[0];

  // Leaving with unsaved changes asks first: a closed tab, and a route change inside the console.
  useEffect(() => {
    const onUnload = (e) => {
      if (!dirty) return;
      e.preventDefault();
      e.returnValue = '';
    };
    addEventListener('beforeunload', onUnload);
    leaveGuard.current = () => !dirty || confirm('This design has unsaved changes. Leave without saving?');
    return () => {
      removeEventListener('beforeunload', onUnload);
      leaveGuard.current = null;
    };
  }, [dirty]);

  // A refused save's errors stand until the design changes again.
  useEffect(() => setIssues(null), [doc]);
  const drawn = useMemo(() => kit.canvas.drawFormat(here(kit, doc), current, kit.catalogue), [doc, current, kit]);
  useEffect(() => {
    const known = new Set(kit.catalogue.fonts.flatMap((f) => [f.id.toLowerCase(), f.name.toLowerCase()]));
    const unknown = fontsOf(doc).filter((f) => !known.has(f.toLowerCase()));
    if (unknown.length) refreshFonts(unknown);
  }, [doc, kit]);
  const byIssue = useMemo(() => issuesByPlace(doc, issues?.errors ?? (drawn.ok ? [] : drawn.issues)), [doc, issues, drawn]);

  const undo = () => setHist(history.undo);
  const redo = () => setHist(history.redo);
  const isLocked = (name) => locked.has(name) || findLayer(doc, current, name)?.locked === true;

  const save = async (asNew) => {
    setBusy(true);
    setStatus(asNew ? 'Importing a copy…' : 'Saving…');
    setIssues(null);
    try {
      if (asNew || id === null) {
        const created = await importCopy(here(kit, doc), projectId, asNew && id !== null ? `${doc.name} (copy)` : doc.name);
        setSaved(doc);
        leaveGuard.current = null;
        location.hash = `#/editor/${created}`;
        return;
      }
      await api('PUT', `/designs/${id}/document`, { body: doc });
      setSaved(doc);
      setSaves((n) => n + 1);
      setStatus('Saved.');
    } catch (e) {
      setIssues(e);
      setStatus('');
    } finally {
      setBusy(false);
    }
  };

  const onKey = (e) => {
    // Keys typed into a field are the field's; the canvas and the buttons take the editor's keys.
    if (e.target.closest('input, textarea, select')) return;
    const onCanvas = e.target.classList.contains('canvas-overlay');
    const mod = e.ctrlKey || e.metaKey;
    if (mod && e.key.toLowerCase() === 'z') {
      e.preventDefault();
      if (e.shiftKey) redo();
      else undo();
      return;
    }
    if (mod && e.key.toLowerCase() === 'y') {
      e.preventDefault();
      redo();
      return;
    }
    if (!onCanvas) return;
    if (e.key === 'Escape') setSelected([]);
    const name = selected[0];
    if (!name || isLocked(name)) return;
    const step = (e.shiftKey ? 10 : 1) / (drawn.ok ? drawn.pxPerUnit : 1);
    const delta = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] }[e.key];
    if (delta) {
      e.preventDefault();
      const box = boxOf(doc, current, name);
      if (box) commit(withBox(doc, current, name, { ...box, x: box.x + delta[0], y: box.y + delta[1] }));
    } else if (e.key === 'Delete') {
      e.preventDefault();
      commit(removeLayer(doc, current, name));
      setSelected([]);
    }
  };

  const size = frameSize(doc, current);
  return html`
    <h1>Editor: ${doc.name}</h1>
    <div class="editor-bar row" role="toolbar" aria-label="Editor">
      <button type="button" class="secondary" onClick=${undo} disabled=${hist.past.length === 0}>Undo</button>
      <button type="button" class="secondary" onClick=${redo} disabled=${hist.future.length === 0}>Redo</button>
      <button type="button" onClick=${() => save(false)} disabled=${busy}>Save</button>
      <button type="button" class="secondary" onClick=${() => save(true)} disabled=${busy || projectId === null}>Save as new</button>
      ${id ? html`<a href=${`#/design/${id}`}>Back to the design</a>` : null}
      <span class="tag">${doc.type}</span>
      <span role="status" aria-live="polite" class="hint">${dirty ? 'Unsaved changes. ' : ''}${status}</span>
    </div>
    ${
      id
        ? html`<${VersionsPanel} key=${saves} id=${id} dirty=${dirty} onRestored=${() => {
            leaveGuard.current = null;
            onRestored();
          }} />`
        : null
    }
    <${ErrorBox} error=${issues} title="The design was not saved" />
    <div class="editor" onKeyDown=${onKey}>
      <${LayersPanel} doc=${doc} frame=${current} selected=${selected} setSelected=${setSelected} commit=${commit}
        descriptors=${descriptors} issues=${byIssue} locked=${locked} setLocked=${setLocked} />
      <section class="editor-stage" aria-label="Canvas">
        <${FramesBar} doc=${doc} frame=${current} setFrame=${setFrame} commit=${commit} />
        ${drawn.ok ? null : html`<${ErrorBox} error=${{ message: 'This design cannot be drawn yet.', errors: drawn.issues }} title="Not valid" />`}
        ${
          drawn.ok
            ? html`<${Canvas} drawn=${drawn} doc=${doc} frame=${current} size=${size} selected=${selected}
                setSelected=${setSelected} commit=${commit} isLocked=${isLocked} />`
            : null
        }
        ${doc.type === 'animated' ? html`<${Timing} doc=${doc} />` : null}
      </section>
      <${PropertiesPanel} doc=${doc} frame=${current} name=${selected[0] ?? null} descriptors=${descriptors} kit=${kit}
        commit=${commit} issues=${byIssue} />
    </div>`;
}

/**
 * The files this farm hosts (the as-import names a stored picture by its URL here) as `data:` URIs:
 * an import fetches URLs through the outbound guard, which keeps a farm from fetching itself.
 */
async function inlineOwnFiles(value) {
  if (typeof value === 'string' && value.startsWith(`${location.origin}/`)) {
    const blob = await fetch(value).then((r) => (r.ok ? r.blob() : null));
    if (!blob) return value;
    return await new Promise((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsDataURL(blob);
    });
  }
  if (Array.isArray(value)) return Promise.all(value.map(inlineOwnFiles));
  if (value === null || typeof value !== 'object') return value;
  const out = {};
  for (const [k, v] of Object.entries(value)) out[k] = await inlineOwnFiles(v);
  return out;
}

/** POST of the import with a target; followed to DONE. Answers the new design's id. */
async function importCopy(doc, projectId, name) {
  const body = { ...(await inlineOwnFiles(doc)), name, target: { kind: 'design', project_uuid: projectId } };
  const { data } = await api('POST', '/designs/import/json', { body });
  for (;;) {
    const { data: state } = await api('GET', `/designs/import/json/${data.id}`);
    if (state.status === 'DONE' && state.result?.uuid) return state.result.uuid;
    if (state.status === 'FAILED')
      throw Object.assign(new Error(state.error?.message ?? 'The import failed.'), { errors: state.error?.errors ?? [] });
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Issues by layer and property key: `{ "<layer>": { "<key>": [message…], "*": [message…] }, "*": [...] }`. */
function issuesByPlace(doc, errors) {
  const out = {};
  for (const e of errors) {
    const { layer, prop } = placeOfIssue(doc, e.path);
    const key = layer ?? '*';
    out[key] ??= {};
    out[key][prop ?? '*'] = [...(out[key][prop ?? '*'] ?? []), e.message];
  }
  return out;
}
