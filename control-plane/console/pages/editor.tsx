// Editor: a design drawn by the renderer's own planning and HTML code (/console/vendor/canvas.mjs,
// bundled from shared/renderer by scripts/build.mjs), changed by direct manipulation and panels,
// saved with PUT /designs/<id>/document in the import format (docs/console.md, "The editor").
import type { PropertyDescriptor } from '@pressroom/model/client';
import type { VNode } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { api, type FieldIssue } from '../api.js';
import { removeLayers } from '../editor-arrange.js';
import { copyLayers, pasteLayers, readClip } from '../editor-clipboard.js';
import { type Effect, nudge, runCommand, stepZoom } from '../editor-commands.js';
import { here, importCopy, issuesByPlace, type Kit } from '../editor-io.js';
import { type Command, commandOf, keyPressOf } from '../editor-keys.js';
import { type Doc, findLayer, fontsOf, forWrite, frameIds, frameSize, history, normalizeDoc, writeRules } from '../editor-model.js';
import { ErrorBox, leaveGuard, type Shown, shown } from '../ui.js';
import { Canvas } from './editor-canvas.js';
import { AllFormats } from './editor-formats.js';
import { FramesBar } from './editor-frames.js';
import { LayersPanel } from './editor-layers.js';
import { PropertiesPanel } from './editor-props.js';
import { Timeline } from './editor-timeline.js';
import { VersionsPanel } from './editor-versions.js';
import { ShortcutsSheet, ZoomBar } from './editor-view.js';

/** A refused save: the API's error with its field issues, or an import that failed. */
type Refusal = Shown & { errors?: FieldIssue[] };

/** What the editor opens: a stored design, or a new one. */
export interface Opening {
  /** The design's id; null for a new design, imported at its first save. */
  id: string | null;
  initial: Doc;
  projectId: string | null;
  onRestored?: () => void;
}

interface EditorProps extends Opening {
  descriptors: Partial<Record<string, PropertyDescriptor[]>>;
  kit: Kit;
  refreshFonts: (ids: string[]) => void;
}

export function Editor({ id, initial, projectId, descriptors, kit, refreshFonts, onRestored }: EditorProps): VNode {
  const [hist, setHist] = useState(() => history.start(normalizeDoc(initial)));
  const [saved, setSaved] = useState(() => hist.present);
  const doc = hist.present;
  const [frame, setFrame] = useState(() => frameIds(doc)[0] ?? '');
  const [selected, setSelected] = useState<string[]>([]);
  const [issues, setIssues] = useState<Refusal | null>(null);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const [locked, setLocked] = useState(() => new Set<string>());
  // Layers whose aspect ratio is locked (for the session, like a lock on a layer that is not a group).
  const [aspect, setAspect] = useState(() => new Set<string>());
  // Each save makes a version: the versions list is read again.
  const [saves, setSaves] = useState(0);
  // The view: 'fit' or a zoom factor; the previewed moment of an animated design (null: as designed).
  const [zoom, setZoom] = useState<'fit' | number>('fit');
  const fitted = useRef(1);
  const [time, setTime] = useState<number | null>(null);
  // Every format side by side instead of the canvas.
  const [everyFormat, setEveryFormat] = useState(false);
  const sheet = useRef<HTMLDialogElement>(null);
  const dirty = doc !== saved;
  const commit = (next: Doc, key: string | null = null) => setHist((h) => history.commit(h, next, key));
  const frames = frameIds(doc);
  const current = frames.includes(frame) ? frame : (frames[0] ?? '');

  // Leaving with unsaved changes asks first: a closed tab, and a route change inside the console.
  useEffect(() => {
    const onUnload = (e: BeforeUnloadEvent) => {
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
  // A new design opens with the canvas focused: its keys (T, R, O, B add layers) work at once.
  useEffect(() => {
    if (id === null) document.querySelector<HTMLElement>('.canvas-overlay')?.focus();
  }, []);

  // A refused save's errors stand until the design changes again.
  useEffect(() => setIssues(null), [doc]);
  // What a save writes, and the canvas draws: a rotation in the import's 0-360, whole percents (forWrite).
  const rules = useMemo(() => writeRules(descriptors, kit.canvas.importPlaceOf), [descriptors, kit]);
  const written = useMemo(() => forWrite(doc, rules), [doc, rules]);
  const drawn = useMemo(() => kit.canvas.drawFormat(here(kit, written), current, kit.catalogue), [written, current, kit]);
  // The fonts the canvas knows (bundled and the workspace's), by id and by name.
  const knownFonts = useMemo(() => new Set(kit.catalogue.fonts.flatMap((f) => [f.id.toLowerCase(), f.name.toLowerCase()])), [kit]);
  useEffect(() => {
    const unknown = fontsOf(doc).filter((f) => !knownFonts.has(f.toLowerCase()));
    if (unknown.length) refreshFonts(unknown);
  }, [doc, kit]);
  const moment = useMemo(
    () => (time === null || doc.type !== 'animated' ? null : kit.canvas.momentAt(here(kit, written), time)),
    [written, time, kit],
  );
  const byIssue = useMemo(
    () => issuesByPlace(doc, issues ? (issues.errors ?? []) : drawn.ok ? drawn.refused : drawn.issues),
    [doc, issues, drawn],
  );

  // A text or button layer's text, edited on the canvas by a double-click.
  const textPlace = (type: string) =>
    descriptors[type]?.some((d) => d.name === 'payload') ? kit.canvas.importPlaceOf(type, 'payload') : null;
  const rotationOf = (name: string) => {
    const type = findLayer(doc, current, name)?.type;
    // A group turns its members; its own box is not turned.
    if (!type || type === 'group' || !descriptors[type]?.some((d) => d.name === 'rotation')) return null;
    return kit.canvas.importPlaceOf(type, 'rotation');
  };
  const undo = () => setHist(history.undo);
  const redo = () => setHist(history.redo);
  const isLocked = (name: string) => locked.has(name) || findLayer(doc, current, name)?.locked === true;

  const save = async (asNew: boolean) => {
    setBusy(true);
    setStatus(asNew ? 'Importing a copy…' : 'Saving…');
    setIssues(null);
    try {
      if (asNew || id === null) {
        if (projectId === null) throw new Error('A design lives in a project: this one has none.');
        const created = await importCopy(here(kit, written), projectId, asNew && id !== null ? `${doc.name} (copy)` : doc.name);
        setSaved(doc);
        leaveGuard.current = null;
        location.hash = `#/editor/${created}`;
        return;
      }
      await api('PUT', `/designs/${id}/document`, { body: written });
      // The editor then holds what was saved (a rotation typed −12 shows 348), with no step of its own to undo.
      setHist((h) => (h.present === doc ? { ...h, present: written } : h));
      setSaved(written);
      setSaves((n) => n + 1);
      setStatus('Saved.');
    } catch (e) {
      setIssues(shown(e));
      setStatus('');
    } finally {
      setBusy(false);
    }
  };

  // The clipboard carries layers as JSON (editor-clipboard.ts): a paste works in any format of any design.
  const toClipboard = async (cut: boolean) => {
    const clip = copyLayers(doc, current, selected);
    if (!clip) return;
    try {
      await navigator.clipboard.writeText(JSON.stringify(clip));
      if (cut)
        commit(
          removeLayers(
            doc,
            current,
            selected.filter((n) => !isLocked(n)),
          ),
        );
      setStatus(`${cut ? 'Cut' : 'Copied'} ${clip.layers.map((l) => l.name).join(', ')}.`);
    } catch (e) {
      setStatus(`The clipboard refused the layers: ${shown(e).message}`);
    }
  };
  const fromClipboard = async () => {
    let text: string;
    try {
      text = await navigator.clipboard.readText();
    } catch (e) {
      setStatus(`The clipboard could not be read: ${shown(e).message}`);
      return;
    }
    const clip = readClip(text);
    if (!clip) return setStatus('The clipboard holds no layers.');
    const out = pasteLayers(doc, current, clip, { types: Object.keys(descriptors), hasFont: (f) => knownFonts.has(f.toLowerCase()) });
    if (out.names.length) {
      commit(out.doc);
      setSelected(out.names);
    }
    setStatus([out.names.length ? `Pasted ${out.names.join(', ')}.` : 'Nothing was pasted.', ...out.said].join(' '));
  };
  const zoomBy = (dir: 1 | -1) => setZoom((z) => stepZoom(z === 'fit' ? fitted.current : z, dir));
  const effects: Record<Exclude<Effect, 'leave'>, () => void> = {
    undo,
    redo,
    save: () => void save(false),
    shortcuts: () => sheet.current?.showModal(),
    edit: () => {
      const panel = document.querySelector('.props-panel');
      const field =
        panel?.querySelector<HTMLElement>('[name$=".payload"]') ??
        panel?.querySelector<HTMLElement>('.field input, .field textarea, .field select');
      field?.focus();
    },
    'zoom-in': () => zoomBy(1),
    'zoom-out': () => zoomBy(-1),
    'zoom-fit': () => setZoom('fit'),
    'zoom-100': () => setZoom(1),
    copy: () => void toClipboard(false),
    cut: () => void toClipboard(true),
    paste: () => void fromClipboard(),
  };
  /** A command from a key or a button: the design and the selection change, or the editor acts. */
  const run = (command: Command, shift = false): boolean => {
    const state = { doc, frame: current, selected, unitsPerPixel: drawn.ok ? 1 / drawn.pxPerUnit : 1, isLocked };
    const out = runCommand(command, state) ?? nudge(command, shift, state);
    if (!out) return false;
    if (out.doc) commit(out.doc);
    if (out.selected) setSelected(out.selected);
    if (out.said !== undefined) setStatus(out.said);
    // Tab past the last layer: the key moves the focus on as usual.
    const effect = out.effect;
    if (effect === 'leave') return false;
    if (effect !== undefined) effects[effect]();
    return true;
  };

  const onKey = (e: KeyboardEvent) => {
    const target = e.target as HTMLElement;
    // Keys typed into a field are the field's; Escape there goes back to the canvas.
    if (target.closest('input, textarea, select')) {
      if (e.key === 'Escape' && target.closest('.props-panel')) {
        e.preventDefault();
        document.querySelector<HTMLElement>('.canvas-overlay')?.focus();
      }
      return;
    }
    if (target.closest('dialog')) return;
    const k = keyPressOf(e);
    const command = commandOf(k, target.classList.contains('canvas-overlay'));
    if (command && run(command, k.shift)) e.preventDefault();
  };

  const size = frameSize(doc, current);
  return (
    <>
      <h1>Editor: {doc.name}</h1>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the editor's shortcuts, from whichever of its controls has the focus */}
      <div class="editor-shell" onKeyDown={onKey}>
        <div class="editor-bar row" role="toolbar" aria-label="Editor">
          <button type="button" class="secondary" onClick={undo} disabled={hist.past.length === 0}>
            Undo
          </button>
          <button type="button" class="secondary" onClick={redo} disabled={hist.future.length === 0}>
            Redo
          </button>
          <button type="button" onClick={() => save(false)} disabled={busy}>
            Save
          </button>
          <button type="button" class="secondary" onClick={() => save(true)} disabled={busy || projectId === null}>
            Save as new
          </button>
          <ZoomBar zoom={zoom} setZoom={setZoom} zoomBy={zoomBy} />
          <button
            type="button"
            class="secondary all-formats-toggle"
            aria-pressed={everyFormat ? 'true' : 'false'}
            onClick={() => setEveryFormat((v) => !v)}
          >
            All {doc.type === 'printer_multipage' ? 'pages' : 'formats'}
          </button>
          <button type="button" class="secondary" aria-haspopup="dialog" onClick={() => sheet.current?.showModal()}>
            Shortcuts (?)
          </button>
          {id ? <a href={`#/design/${id}`}>Back to the design</a> : null}
          <span class="tag">{doc.type}</span>
          <span role="status" aria-live="polite" class="hint">
            {dirty ? 'Unsaved changes. ' : ''}
            {status}
          </span>
        </div>
        {id ? (
          <VersionsPanel
            key={saves}
            id={id}
            dirty={dirty}
            onRestored={() => {
              leaveGuard.current = null;
              onRestored?.();
            }}
          />
        ) : null}
        <ErrorBox error={issues} title="The design was not saved" />
        <ShortcutsSheet dialog={sheet} />
        <div class="editor">
          <LayersPanel
            doc={doc}
            frame={current}
            selected={selected}
            setSelected={setSelected}
            commit={commit}
            descriptors={descriptors}
            issues={byIssue}
            locked={locked}
            setLocked={setLocked}
          />
          <section class="editor-stage" aria-label="Canvas">
            <FramesBar doc={doc} frame={current} setFrame={setFrame} commit={commit} />
            {drawn.ok ? null : <ErrorBox error={{ message: 'This design cannot be drawn yet.', errors: drawn.issues }} title="Not valid" />}
            {drawn.ok && drawn.refused.length > 0 && !issues ? (
              <ErrorBox
                error={{ message: 'It draws as the farm renders it, but a save is refused until these are met.', errors: drawn.refused }}
                title="Not yet valid to save"
              />
            ) : null}
            {everyFormat ? (
              <AllFormats
                doc={doc}
                kit={kit}
                frame={current}
                edit={(f: string) => {
                  setFrame(f);
                  setEveryFormat(false);
                }}
              />
            ) : null}
            {drawn.ok && size && !everyFormat ? (
              <Canvas
                drawn={drawn}
                doc={doc}
                frame={current}
                size={size}
                selected={selected}
                setSelected={setSelected}
                commit={commit}
                isLocked={isLocked}
                rotationOf={rotationOf}
                keepsAspect={(n: string) => aspect.has(n)}
                zoom={zoom}
                fitted={fitted}
                zoomBy={zoomBy}
                moment={moment}
                player={kit.canvas.PLAYER_SCRIPT}
                textPlace={textPlace}
              />
            ) : null}
            {doc.type === 'animated' && !everyFormat ? (
              <Timeline doc={doc} frame={current} time={time} setTime={setTime} commit={commit} />
            ) : null}
          </section>
          <PropertiesPanel
            doc={doc}
            frame={current}
            selected={selected}
            descriptors={descriptors}
            kit={kit}
            commit={commit}
            issues={byIssue}
            run={run}
            aspect={aspect}
            setAspect={setAspect}
          />
        </div>
      </div>
    </>
  );
}
