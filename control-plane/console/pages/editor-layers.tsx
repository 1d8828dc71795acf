// The editor's layers panel: the stack, top first, with select, move up and down, hide, lock,
// rename and delete; drag a line (or press Ctrl+[ / Ctrl+]) to restack; add a layer of a type the
// design allows; group and ungroup.
import type { VNode } from 'preact';
import { type Dispatch, type StateUpdater, useEffect, useRef, useState } from 'preact/hooks';
import type { IssuesByPlace } from '../editor-io.js';
import { addLayer, type Doc, findLayer, groupLayers, layersIn, removeLayer, renameLayer, ungroup, withProp } from '../editor-model.js';
import { follow } from '../editor-pointer.js';
import { restack, restackTo } from '../editor-transform.js';

/** A press that moves this far (screen pixels) is a drag, not a click. */
const DRAG_PX = 4;

export interface LayersPanelProps {
  doc: Doc;
  frame: string;
  selected: string[];
  setSelected: Dispatch<StateUpdater<string[]>>;
  commit: (doc: Doc) => void;
  /** The layer types of the design type (GET /layer-properties), each with its properties. */
  descriptors: Record<string, unknown>;
  issues: IssuesByPlace;
  /** Layers locked for this session (a lock is saved on groups alone). */
  locked: Set<string>;
  setLocked: Dispatch<StateUpdater<Set<string>>>;
}

export function LayersPanel({
  doc,
  frame,
  selected,
  setSelected,
  commit,
  descriptors,
  issues,
  locked,
  setLocked,
}: LayersPanelProps): VNode {
  const [adding, setAdding] = useState('text');
  // A drag of lines: where they would go (a place between the lines shown, 0 at the top).
  const [drop, setDrop] = useState<number | null>(null);
  const dragged = useRef(false);
  const list = useRef<HTMLOListElement>(null);
  // The line that had the focus: restacked, it is put back there (a moved node loses the focus).
  const focusedLine = useRef<string | null>(null);
  useEffect(() => {
    const name = focusedLine.current;
    if (name && (document.activeElement === document.body || document.activeElement === null))
      list.current?.querySelector<HTMLElement>(`[data-layer-item="${CSS.escape(name)}"] .layer-name`)?.focus();
  });
  const layers = layersIn(doc, frame).map(({ layer }) => layer);
  const shown = [...layers].reverse();
  const types = Object.keys(descriptors).filter((t) => t !== 'container' && t !== 'code' && t !== 'group');
  const toggle = (name: string, e: MouseEvent) => {
    if (dragged.current) return;
    setSelected((s) => (e.shiftKey ? (s.includes(name) ? s.filter((n) => n !== name) : [...s, name]) : [name]));
  };
  /** A line dragged up or down the list: the selection when the line is in it, else the line alone. */
  const startDrag = (e: PointerEvent, name: string) => {
    dragged.current = false;
    if (e.button !== 0 || e.shiftKey) return;
    const names = selected.includes(name) ? selected : [name];
    const y0 = e.clientY;
    let at: number | null = null;
    follow(
      (ev) => {
        if (at === null && Math.abs(ev.clientY - y0) < DRAG_PX) return;
        const lines = Array.from(list.current?.querySelectorAll('li[data-layer-item]') ?? []);
        const i = lines.findIndex((li) => {
          const r = li.getBoundingClientRect();
          return ev.clientY < r.top + r.height / 2;
        });
        at = i === -1 ? lines.length : i;
        dragged.current = true;
        setDrop(at);
      },
      () => {
        setDrop(null);
        if (at === null) return;
        // The other layers shown under the place it was dropped at stay under it.
        const under = shown.slice(at).filter((l) => !names.includes(l.name)).length;
        commit(restackTo(doc, frame, names, under));
        if (!selected.includes(name)) setSelected([name]);
      },
    );
  };
  return (
    <section class="panel layers-panel" aria-labelledby="layers-title">
      <h2 id="layers-title">Layers</h2>
      <div class="row">
        <label class="skip" for="ed-add-type">
          Layer type
        </label>
        <select id="ed-add-type" value={adding} onChange={(e: Event) => setAdding((e.currentTarget as HTMLSelectElement).value)}>
          {types.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
        <button
          type="button"
          class="secondary"
          onClick={() => {
            const { doc: next, name } = addLayer(doc, frame, adding);
            commit(next);
            setSelected([name]);
          }}
        >
          Add layer
        </button>
      </div>
      <div class="row">
        <button
          type="button"
          class="secondary"
          disabled={selected.length === 0}
          onClick={() => {
            const { doc: next, name } = groupLayers(doc, frame, selected);
            if (name) {
              commit(next);
              setSelected([name]);
            }
          }}
        >
          Group
        </button>
        <button
          type="button"
          class="secondary"
          disabled={findLayer(doc, frame, selected[0])?.type !== 'group'}
          onClick={() => selected[0] && commit(ungroup(doc, frame, selected[0]))}
        >
          Ungroup
        </button>
      </div>
      <p class="hint" id="layers-how">
        Drag a line to restack (or Ctrl+] / Ctrl+[).
      </p>
      <ol
        ref={list}
        class={`layers${drop === null ? '' : ' dragging'}`}
        reversed
        aria-describedby="layers-how"
        onFocusIn={(e: FocusEvent) => {
          focusedLine.current = (e.target as HTMLElement).closest<HTMLElement>('[data-layer-item]')?.dataset.layerItem ?? null;
        }}
        onFocusOut={(e: FocusEvent) => {
          const to = e.relatedTarget as Node | null;
          if (to && !list.current?.contains(to)) focusedLine.current = null;
        }}
      >
        {shown.map((l, i) => {
          const bad = issues[l.name];
          const isLocked = locked.has(l.name) || l.locked === true;
          const mark = drop === i ? ' drop-before' : drop === shown.length && i === shown.length - 1 ? ' drop-after' : '';
          return (
            <li
              key={l.name}
              class={`${selected.includes(l.name) ? 'selected' : ''}${bad ? ' invalid' : ''}${mark}`}
              data-layer-item={l.name}
            >
              <button
                type="button"
                class="layer-name"
                aria-pressed={selected.includes(l.name) ? 'true' : 'false'}
                title={`${l.name} (${l.type})`}
                onPointerDown={(e: PointerEvent) => startDrag(e, l.name)}
                onClick={(e: MouseEvent) => toggle(l.name, e)}
              >
                <span class="label">{l.name}</span> <span class="tag">{l.type}</span>
              </button>
              {bad ? (
                <p class="error" role="alert">
                  {Object.values(bad).flat().join('; ')}
                </p>
              ) : null}
              <span class="layer-tools">
                <button
                  type="button"
                  class="icon more-tool"
                  aria-label={`Move ${l.name} up`}
                  onClick={() => commit(restack(doc, frame, [l.name], 'forward'))}
                >
                  ↑
                </button>
                <button
                  type="button"
                  class="icon more-tool"
                  aria-label={`Move ${l.name} down`}
                  onClick={() => commit(restack(doc, frame, [l.name], 'backward'))}
                >
                  ↓
                </button>
                <button
                  type="button"
                  class="icon"
                  aria-label={`${l.hidden ? 'Show' : 'Hide'} ${l.name}`}
                  aria-pressed={l.hidden ? 'true' : 'false'}
                  onClick={() =>
                    commit(withProp(doc, frame, l.name, { key: 'hidden', field: null, onLayer: true }, l.hidden ? undefined : true))
                  }
                >
                  {l.hidden ? '◌' : '●'}
                </button>
                <button
                  type="button"
                  class="icon"
                  aria-label={`${isLocked ? 'Unlock' : 'Lock'} ${l.name}`}
                  aria-pressed={isLocked ? 'true' : 'false'}
                  onClick={() => {
                    if (l.type === 'group')
                      commit(withProp(doc, frame, l.name, { key: 'locked', field: null, onLayer: true }, isLocked ? undefined : true));
                    else
                      setLocked((s) => {
                        const n = new Set(s);
                        if (isLocked) n.delete(l.name);
                        else n.add(l.name);
                        return n;
                      });
                  }}
                >
                  {isLocked ? '🔒' : '🔓'}
                </button>
                <button
                  type="button"
                  class="icon more-tool"
                  aria-label={`Rename ${l.name}`}
                  onClick={() => {
                    const to = prompt('New name', l.name);
                    if (to) commit(renameLayer(doc, frame, l.name, to.trim()));
                  }}
                >
                  ✎
                </button>
                <button
                  type="button"
                  class="icon more-tool"
                  aria-label={`Delete ${l.name}`}
                  onClick={() => {
                    commit(removeLayer(doc, frame, l.name));
                    setSelected([]);
                  }}
                >
                  ✕
                </button>
              </span>
            </li>
          );
        })}
      </ol>
      {issues['*'] ? (
        <p class="error" role="alert">
          {Object.values(issues['*']).flat().join('; ')}
        </p>
      ) : null}
    </section>
  );
}
