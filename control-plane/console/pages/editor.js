// Editor: a design drawn by the renderer's own planning and HTML code (/console/vendor/canvas.mjs,
// bundled from shared/renderer by scripts/build.mjs), changed by direct manipulation and panels,
// saved with PUT /designs/<id>/document in the import format (docs/console.md, "The editor").
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { api, apiBytes } from '../api.js';
import { Control } from '../controls.js';
import {
  addLayer,
  backgroundOf,
  blankDesign,
  boxOf,
  dragBox,
  edgesOf,
  findLayer,
  fontsOf,
  frameIds,
  frameSize,
  groupLayers,
  history,
  layersIn,
  moveInStack,
  normalizeDoc,
  placeOfIssue,
  propOf,
  rebased,
  removeLayer,
  renameLayer,
  snapBox,
  ungroup,
  withBackground,
  withBox,
  withFrameSize,
  withProp,
} from '../editor-model.js';
import { controlFor, isMainProp } from '../plan.js';
import { ProjectPicker } from '../projects.js';
import { ErrorBox, html, Loading, leaveGuard, useApi } from '../ui.js';
import { FramesBar } from './editor-frames.js';

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

/** Snapping reach, in screen pixels. */
const SNAP_PX = 6;
const HANDLES = ['nw', 'ne', 'sw', 'se'];

export function EditorPage({ id }) {
  return id === 'new' ? html`<${NewDesign} />` : html`<${ExistingDesign} id=${id} />`;
}

function ExistingDesign({ id }) {
  const read = useApi('GET', `/designs/${id}/as-import`, undefined, [id]);
  const meta = useApi('GET', `/designs/${id}`, undefined, [id]);
  if ((read.loading && !read.data) || (meta.loading && !meta.data)) return html`<${Loading} what="the design" />`;
  if (read.error || meta.error)
    return html`<h1>Editor</h1><${ErrorBox} error=${read.error ?? meta.error} title="The design could not be read" />`;
  return html`<${WithDescriptors} id=${id} initial=${read.data.payload} projectId=${meta.data.project_id} />`;
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

function WithDescriptors({ id, initial, projectId }) {
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
  return html`<${Editor} id=${id} initial=${initial} projectId=${projectId} descriptors=${described.data.layers} kit=${canvas} refreshFonts=${refreshFonts} />`;
}

function Editor({ id, initial, projectId, descriptors, kit, refreshFonts }) {
  const [hist, setHist] = useState(() => history.start(normalizeDoc(initial)));
  const [saved, setSaved] = useState(() => hist.present);
  const doc = hist.present;
  const [frame, setFrame] = useState(() => frameIds(doc)[0]);
  const [selected, setSelected] = useState([]);
  const [issues, setIssues] = useState(null);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const [locked, setLocked] = useState(() => new Set());
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

/**
 * The frame as the farm draws it (an iframe with the renderer's document), scaled to fit, under
 * an overlay that takes the mouse: select, move and resize, with snapping guides; bleed and safe
 * zones on print.
 */
function Canvas({ drawn, doc, frame, size, selected, setSelected, commit, isLocked }) {
  const stage = useRef(null);
  const frameEl = useRef(null);
  // The document the iframe has drawn and fitted: the canvas is ready when it is the current one.
  const [drawnDoc, setDrawnDoc] = useState(null);
  const [drag, setDrag] = useState(null);
  // The room the canvas has: its column's width, and the window's height below its top edge.
  const [room, setRoom] = useState({ width: 720, height: 720 });
  useEffect(() => {
    const measure = () => {
      const wrap = stage.current?.parentElement;
      if (!wrap) return;
      const top = wrap.getBoundingClientRect().top + scrollY;
      setRoom({ width: wrap.closest('.editor-stage').clientWidth - 4, height: Math.max(240, innerHeight - top - 16) });
    };
    measure();
    addEventListener('resize', measure);
    return () => removeEventListener('resize', measure);
  }, []);
  const zoom = Math.min(1, room.width / drawn.width, room.height / drawn.height);
  // Screen pixels per design unit, and the bleed's offset.
  const k = zoom * drawn.pxPerUnit;
  const off = drawn.bleed;
  useEffect(() => {
    const el = frameEl.current;
    const onLoad = () => {
      const fitted = el.contentWindow?.__pressroom?.ready ?? Promise.resolve();
      fitted.then(() => setDrawnDoc(drawn.document));
    };
    el.addEventListener('load', onLoad);
    el.srcdoc = drawn.document;
    return () => el.removeEventListener('load', onLoad);
  }, [drawn.document]);

  const layers = layersIn(doc, frame).map(({ layer }) => layer);
  const boxes = new Map(layers.map((l) => [l.name, boxOf(doc, frame, l.name)]));
  const others = (name) => [...boxes].filter(([n, b]) => n !== name && b).map(([, b]) => b);

  const start = (e, name, handle) => {
    if (e.button !== 0) return;
    e.preventDefault();
    e.stopPropagation();
    setSelected([name]);
    stage.current.focus();
    if (isLocked(name)) return;
    setDrag({ name, handle, x0: e.clientX, y0: e.clientY, box: boxes.get(name), now: boxes.get(name), guides: [] });
  };
  useEffect(() => {
    if (!drag) return;
    const move = (e) => {
      const raw = dragBox(drag.box, drag.handle, (e.clientX - drag.x0) / k, (e.clientY - drag.y0) / k);
      const snapped = e.altKey
        ? { box: raw, guides: [] }
        : snapBox(raw, { frame: size, others: others(drag.name), threshold: SNAP_PX / k, moving: edgesOf(drag.handle) });
      setDrag((d) => d && { ...d, now: snapped.box, guides: snapped.guides });
    };
    const up = () => {
      setDrag((d) => {
        if (d && (d.now.x !== d.box.x || d.now.y !== d.box.y || d.now.width !== d.box.width || d.now.height !== d.box.height))
          commit(withBox(doc, frame, d.name, d.now));
        return null;
      });
    };
    addEventListener('pointermove', move);
    addEventListener('pointerup', up);
    return () => {
      removeEventListener('pointermove', move);
      removeEventListener('pointerup', up);
    };
  }, [drag?.name, drag?.handle, doc, frame]);

  const place = (b) => ({
    left: `${(b.x + off) * k}px`,
    top: `${(b.y + off) * k}px`,
    width: `${b.width * k}px`,
    height: `${b.height * k}px`,
  });
  const shown = (name) => (drag?.name === name ? drag.now : boxes.get(name));
  return html`<div class="canvas-wrap" style=${{ width: `${drawn.width * zoom}px`, height: `${drawn.height * zoom}px` }}
      data-zoom=${zoom} data-ready=${drawnDoc === drawn.document ? 'true' : 'false'}>
    <iframe ref=${frameEl} class="canvas-frame" title=${`Canvas of ${frame}`} tabindex="-1"
      style=${{ width: `${drawn.width}px`, height: `${drawn.height}px`, transform: `scale(${zoom})` }}></iframe>
    <div ref=${stage} class="canvas-overlay" tabindex="0" role="application"
      aria-label="Canvas: click a layer to select it; arrow keys move it (Shift: 10 pixels), Delete removes it, Escape deselects"
      onPointerDown=${(e) => {
        if (e.target === e.currentTarget) setSelected([]);
      }}>
      ${drawn.bleed > 0 ? html`<div class="zone trim" style=${place({ x: 0, y: 0, width: size.width, height: size.height })}></div>` : null}
      ${
        drawn.safe > 0
          ? html`<div class="zone safe" style=${place({ x: drawn.safe, y: drawn.safe, width: size.width - 2 * drawn.safe, height: size.height - 2 * drawn.safe })}></div>`
          : null
      }
      ${layers.map((l) => {
        const b = shown(l.name);
        if (!b || l.hidden === true) return null;
        const isSel = selected.includes(l.name);
        return html`<div key=${l.name} class=${`hit${isSel ? ' selected' : ''}${l.type === 'group' ? ' group' : ''}`}
          data-hit=${l.name} style=${place(b)} onPointerDown=${(e) => start(e, l.name, 'move')}>
          ${isSel && !isLocked(l.name) ? HANDLES.map((h) => html`<span class=${`handle ${h}`} data-handle=${h} onPointerDown=${(e) => start(e, l.name, h)}></span>`) : null}
        </div>`;
      })}
      ${(drag?.guides ?? []).map(
        (g) =>
          html`<div class=${`guide ${g.axis}`} style=${g.axis === 'x' ? { left: `${(g.at + off) * k}px` } : { top: `${(g.at + off) * k}px` }}></div>`,
      )}
    </div>
  </div>`;
}

function Timing({ doc }) {
  return html`<section aria-labelledby="timing-title">
    <h2 id="timing-title">Timing <small>(${doc.animation?.duration ?? '?'} s)</small></h2>
    <ul class="timing">
      ${doc.layers.map((l) => {
        const d = doc.animation?.duration ?? 1;
        const from = l.animation?.start_at_s ?? 0;
        const to = l.animation?.end_at_s ?? d;
        return html`<li><span class="name">${l.name}</span>
          <span class="bar" aria-hidden="true"
            style=${{ marginLeft: `${(from / d) * 60}%`, width: `${((to - from) / d) * 60}%` }}></span> ${from}–${to} s</li>`;
      })}
    </ul>
  </section>`;
}

function LayersPanel({ doc, frame, selected, setSelected, commit, descriptors, issues, locked, setLocked }) {
  const [adding, setAdding] = useState('text');
  const layers = layersIn(doc, frame).map(({ layer }) => layer);
  const types = Object.keys(descriptors).filter((t) => t !== 'container' && t !== 'code' && t !== 'group');
  const toggle = (name, e) => setSelected((s) => (e.shiftKey ? (s.includes(name) ? s.filter((n) => n !== name) : [...s, name]) : [name]));
  return html`<section class="panel layers-panel" aria-labelledby="layers-title">
    <h2 id="layers-title">Layers</h2>
    <div class="row">
      <label class="skip" for="ed-add-type">Layer type</label>
      <select id="ed-add-type" value=${adding} onChange=${(e) => setAdding(e.currentTarget.value)}>
        ${types.map((t) => html`<option value=${t}>${t}</option>`)}
      </select>
      <button type="button" class="secondary" onClick=${() => {
        const { doc: next, name } = addLayer(doc, frame, adding);
        commit(next);
        setSelected([name]);
      }}>Add layer</button>
    </div>
    <div class="row">
      <button type="button" class="secondary" disabled=${selected.length === 0} onClick=${() => {
        const { doc: next, name } = groupLayers(doc, frame, selected);
        if (name) {
          commit(next);
          setSelected([name]);
        }
      }}>Group</button>
      <button type="button" class="secondary" disabled=${findLayer(doc, frame, selected[0])?.type !== 'group'}
        onClick=${() => commit(ungroup(doc, frame, selected[0]))}>Ungroup</button>
    </div>
    <ol class="layers" reversed>
      ${[...layers].reverse().map((l) => {
        const bad = issues[l.name];
        const isLocked = locked.has(l.name) || l.locked === true;
        return html`<li key=${l.name} class=${`${selected.includes(l.name) ? 'selected' : ''}${bad ? ' invalid' : ''}`} data-layer-item=${l.name}>
          <button type="button" class="layer-name" aria-pressed=${selected.includes(l.name) ? 'true' : 'false'}
            onClick=${(e) => toggle(l.name, e)}>${l.name} <span class="tag">${l.type}</span></button>
          ${bad ? html`<p class="error" role="alert">${Object.values(bad).flat().join('; ')}</p>` : null}
          <span class="layer-tools">
            <button type="button" class="icon" aria-label=${`Move ${l.name} up`} onClick=${() => commit(moveInStack(doc, frame, l.name, 1))}>↑</button>
            <button type="button" class="icon" aria-label=${`Move ${l.name} down`} onClick=${() => commit(moveInStack(doc, frame, l.name, -1))}>↓</button>
            <button type="button" class="icon" aria-label=${`${l.hidden ? 'Show' : 'Hide'} ${l.name}`} aria-pressed=${l.hidden ? 'true' : 'false'}
              onClick=${() => commit(withProp(doc, frame, l.name, { key: 'hidden', field: null, onLayer: true }, l.hidden ? undefined : true))}>${l.hidden ? '◌' : '●'}</button>
            <button type="button" class="icon" aria-label=${`${isLocked ? 'Unlock' : 'Lock'} ${l.name}`} aria-pressed=${isLocked ? 'true' : 'false'}
              onClick=${() => {
                if (l.type === 'group')
                  commit(withProp(doc, frame, l.name, { key: 'locked', field: null, onLayer: true }, isLocked ? undefined : true));
                else
                  setLocked((s) => {
                    const n = new Set(s);
                    if (isLocked) n.delete(l.name);
                    else n.add(l.name);
                    return n;
                  });
              }}>${isLocked ? '🔒' : '🔓'}</button>
            <button type="button" class="icon" aria-label=${`Rename ${l.name}`} onClick=${() => {
              const to = prompt('New name', l.name);
              if (to) commit(renameLayer(doc, frame, l.name, to.trim()));
            }}>✎</button>
            <button type="button" class="icon" aria-label=${`Delete ${l.name}`} onClick=${() => {
              commit(removeLayer(doc, frame, l.name));
              setSelected([]);
            }}>✕</button>
          </span>
        </li>`;
      })}
    </ol>
    ${issues['*'] ? html`<p class="error" role="alert">${Object.values(issues['*']).flat().join('; ')}</p>` : null}
  </section>`;
}

/**
 * The selected layer's box and properties. The controls are the playground's (controls.js),
 * chosen from GET /layer-properties; a property a request cannot override is still a property of
 * the design, so the editor offers it with the design range. A colour picked with the picker is
 * put in the design's colour space (CMYK on print).
 */
function PropertiesPanel({ doc, frame, name, descriptors, kit, commit, issues }) {
  const layer = name ? findLayer(doc, frame, name) : null;
  if (!layer) {
    const bg = backgroundOf(doc, frame);
    const size = frameSize(doc, frame);
    const prop = {
      id: 'background_color',
      help: 'The canvas colour of this frame.',
      control: { kind: 'color', gradients: doc.type !== 'printer' && doc.type !== 'printer_multipage' },
    };
    return html`<section class="panel props-panel" aria-labelledby="props-title">
      <h2 id="props-title">${frame}</h2>
      <div class="field"><label for="ed-name">Design name</label>
        <input id="ed-name" value=${doc.name} onChange=${(e) => commit({ ...doc, name: e.currentTarget.value })} /></div>
      <fieldset class="box-fields">
        <legend>Size of ${frame} (${size.unit})</legend>
        ${['width', 'height'].map(
          (k) => html`<div class="field"><label for=${`ed-frame-${k}`}>${k}</label>
            <input id=${`ed-frame-${k}`} type="number" step="any" min="0" value=${size[k]}
              onChange=${(e) => {
                const v = Number(e.currentTarget.value);
                commit(withFrameSize(doc, frame, k === 'width' ? v : size.width, k === 'height' ? v : size.height));
              }} /></div>`,
        )}
      </fieldset>
      <${Control} layer="root" prop=${prop} value=${bg} error=${issues['*']?.['*']?.join('; ')}
        onChange=${(v) => commit(withBackground(doc, frame, v), `${frame}/background`)}
        onPick=${(hex) => commit(withBackground(doc, frame, kit.canvas.colorInSpace(doc.type, hex)), `${frame}/background`)} />
      <p class="hint">Select a layer on the canvas or in the list to change it.</p>
    </section>`;
  }
  const box = boxOf(doc, frame, name);
  const mine = issues[name] ?? {};
  const unit = frameSize(doc, frame).unit;
  const described = (descriptors[layer.type] ?? []).filter((d) => d.name !== 'hidden' && d.name !== 'locked');
  const props = described
    .map((d) => {
      const place = kit.canvas.importPlaceOf(layer.type, d.name);
      const control = controlFor({ ...d, override: d.override ?? {} }, layer.type);
      return place && control ? { d, place, control } : null;
    })
    .filter(Boolean)
    // The properties a person changes most first, as in the playground.
    .sort((a, b) => Number(isMainProp(layer.type, b.d.name)) - Number(isMainProp(layer.type, a.d.name)));
  const errorOf = (place) => (mine[place.key] ?? []).join('; ') || undefined;
  return html`<section class="panel props-panel" aria-labelledby="props-title">
    <h2 id="props-title">${name} <span class="tag">${layer.type}</span></h2>
    <fieldset class="box-fields">
      <legend>Box in ${frame} (${unit})</legend>
      ${['x', 'y', 'width', 'height'].map(
        (k) => html`<div class="field"><label for=${`ed-box-${k}`}>${k}</label>
          <input id=${`ed-box-${k}`} type="number" step="any" value=${box?.[k] ?? ''}
            onChange=${(e) => box && commit(withBox(doc, frame, name, { ...box, [k]: Number(e.currentTarget.value) }))} /></div>`,
      )}
      ${mine.layout ? html`<p class="error" role="alert">${mine.layout.join('; ')}</p>` : null}
    </fieldset>
    ${
      doc.type === 'animated'
        ? html`<fieldset class="box-fields">
          <legend>Timing (s, of ${doc.animation?.duration ?? '?'})</legend>
          ${['start_at_s', 'end_at_s'].map((k) => {
            const place = { key: 'animation', field: k, onLayer: true };
            return html`<div class="field"><label for=${`ed-anim-${k}`}>${k}</label>
              <input id=${`ed-anim-${k}`} type="number" step="0.1" min="0" value=${propOf(doc, frame, name, place) ?? ''}
                onChange=${(e) => commit(withProp(doc, frame, name, place, e.currentTarget.value === '' ? undefined : Number(e.currentTarget.value)))} /></div>`;
          })}
          ${mine.animation ? html`<p class="error" role="alert">${mine.animation.join('; ')}</p>` : null}
        </fieldset>`
        : null
    }
    ${props.map(({ d, place, control }) => {
      const value = propOf(doc, frame, name, place);
      return html`<${Control} key=${`${name}/${d.name}`} layer=${name}
        prop=${{ id: d.name, help: d.help, control }}
        value=${value === undefined ? undefined : value}
        error=${errorOf(place)}
        onChange=${(v) => commit(withProp(doc, frame, name, place, v === '' ? undefined : v), `${frame}/${name}/${d.name}`)}
        onPick=${(hex) => commit(withProp(doc, frame, name, place, kit.canvas.colorInSpace(doc.type, hex)), `${frame}/${name}/${d.name}`)}
        onEncoded=${(_encoded, dataUrl) => commit(withProp(doc, frame, name, place, dataUrl))} />`;
    })}
    ${Object.keys(mine).length && !props.length ? html`<p class="error">${Object.values(mine).flat().join('; ')}</p>` : null}
  </section>`;
}
