// The editor's layers panel: the stack, top first, with select, move up and down, hide, lock,
// rename and delete; add a layer of a type the design allows; group and ungroup.
import type { VNode } from 'preact';
import { type Dispatch, type StateUpdater, useState } from 'preact/hooks';
import type { IssuesByPlace } from '../editor-io.js';
import {
  addLayer,
  type Doc,
  findLayer,
  groupLayers,
  layersIn,
  moveInStack,
  removeLayer,
  renameLayer,
  ungroup,
  withProp,
} from '../editor-model.js';
import { html } from '../ui.js';

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
  const layers = layersIn(doc, frame).map(({ layer }) => layer);
  const types = Object.keys(descriptors).filter((t) => t !== 'container' && t !== 'code' && t !== 'group');
  const toggle = (name: string, e: MouseEvent) =>
    setSelected((s) => (e.shiftKey ? (s.includes(name) ? s.filter((n) => n !== name) : [...s, name]) : [name]));
  return html`<section class="panel layers-panel" aria-labelledby="layers-title">
    <h2 id="layers-title">Layers</h2>
    <div class="row">
      <label class="skip" for="ed-add-type">Layer type</label>
      <select id="ed-add-type" value=${adding} onChange=${(e: Event) => setAdding((e.currentTarget as HTMLSelectElement).value)}>
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
        onClick=${() => selected[0] && commit(ungroup(doc, frame, selected[0]))}>Ungroup</button>
    </div>
    <ol class="layers" reversed>
      ${[...layers].reverse().map((l) => {
        const bad = issues[l.name];
        const isLocked = locked.has(l.name) || l.locked === true;
        return html`<li key=${l.name} class=${`${selected.includes(l.name) ? 'selected' : ''}${bad ? ' invalid' : ''}`} data-layer-item=${l.name}>
          <button type="button" class="layer-name" aria-pressed=${selected.includes(l.name) ? 'true' : 'false'}
            onClick=${(e: MouseEvent) => toggle(l.name, e)}>${l.name} <span class="tag">${l.type}</span></button>
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
