// The editor's properties panel: the selected layer's box, timing, arrangement and properties with
// the playground's controls; the bounds and arrangement of several layers; or the frame's size and
// background when nothing is selected.
import { FRAME_SIZE, isPrintDesign, type PropertyDescriptor } from '@pressroom/model/client';
import type { VNode } from 'preact';
import { type Dispatch, type StateUpdater, useState } from 'preact/hooks';
import { Control, NumberField } from '../controls.js';
import type { IssuesByPlace, Kit } from '../editor-io.js';
import type { Command } from '../editor-keys.js';
import {
  type Box,
  backgroundOf,
  boxOf,
  type Doc,
  findLayer,
  frameLengthProblem,
  frameSize,
  type Place,
  propOf,
  withBackground,
  withBox,
  withFrameSize,
  withProp,
} from '../editor-model.js';
import { type Held, SECTIONS, type SectionId, shelve } from '../editor-sections.js';
import { type Control as ControlKind, editorControlFor, isMainProp } from '../plan.js';
import { Arrange, BOX_KEYS, type Commit, FREE, SelectionPanel } from './editor-selection.js';

export interface PropertiesPanelProps {
  doc: Doc;
  frame: string;
  selected: string[];
  /** GET /layer-properties: each layer type's property descriptors. */
  descriptors: Partial<Record<string, PropertyDescriptor[]>>;
  kit: Kit;
  commit: Commit;
  issues: IssuesByPlace;
  /** Carries out an arrangement command (align, distribute, duplicate, delete). */
  run: (command: Command) => boolean;
  /** Layers whose aspect ratio is locked. */
  aspect: Set<string>;
  setAspect: Dispatch<StateUpdater<Set<string>>>;
}

const textIn = (e: Event) => (e.currentTarget as HTMLInputElement).value;

/**
 * The selected layer's box and properties. The controls are the playground's (controls.js),
 * chosen from GET /layer-properties; a property a request cannot override is still a property of
 * the design, so the editor offers it, within what an import takes (`editorControlFor`). A colour picked with the picker is
 * put in the design's colour space (CMYK on print).
 */
export function PropertiesPanel({
  doc,
  frame,
  selected,
  descriptors,
  kit,
  commit,
  issues,
  run,
  aspect,
  setAspect,
}: PropertiesPanelProps): VNode {
  // The sections folded or unfolded by hand, kept from layer to layer.
  const [open, setOpen] = useState<Partial<Record<SectionId, boolean>>>({});
  // The property being typed into stays where it was until it is left (shelve).
  const [held, setHeld] = useState<(Held & { layer: string }) | null>(null);
  if (selected.length > 1) return <SelectionPanel doc={doc} frame={frame} selected={selected} commit={commit} run={run} />;
  const name = selected[0] ?? null;
  const layer = name ? findLayer(doc, frame, name) : null;
  if (!layer || name === null) {
    const bg = backgroundOf(doc, frame);
    const size = frameSize(doc, frame) ?? { width: 0, height: 0, unit: 'px' };
    const prop = {
      id: 'background_color',
      help: 'The canvas colour of this frame.',
      value: bg,
      control: { kind: 'color', gradients: !isPrintDesign(doc.type) } satisfies ControlKind,
    };
    return (
      <section class="panel props-panel" aria-labelledby="props-title">
        <h2 id="props-title">{frame}</h2>
        <div class="field">
          <label for="ed-name">Design name</label>
          <input id="ed-name" value={doc.name} onChange={(e: Event) => commit({ ...doc, name: textIn(e) })} />
        </div>
        <fieldset class="box-fields">
          <legend>
            Size of {frame} ({size.unit})
          </legend>
          {(['width', 'height'] as const).map((k) => (
            <div key={k} class="field">
              <label for={`ed-frame-${k}`}>{k}</label>
              <NumberField
                attrs={{ id: `ed-frame-${k}` }}
                value={size[k]}
                step="any"
                bounds={FRAME_SIZE}
                clearable={false}
                live={false}
                check={(v: number) => frameLengthProblem(doc, v)}
                onChange={(v: number) =>
                  commit(withFrameSize(doc, frame, k === 'width' ? v : size.width, k === 'height' ? v : size.height), `${frame}/size-${k}`)
                }
              />
            </div>
          ))}
        </fieldset>
        <Control
          layer="root"
          prop={prop}
          value={bg}
          error={issues['*']?.['*']?.join('; ')}
          onChange={(v: unknown) => commit(withBackground(doc, frame, typeof v === 'string' ? v : undefined), `${frame}/background`)}
          onPick={(hex: string) => commit(withBackground(doc, frame, kit.canvas.colorInSpace(doc.type, hex)), `${frame}/background`)}
        />
        <p class="hint">Select a layer on the canvas or in the list to change it.</p>
      </section>
    );
  }
  const box = boxOf(doc, frame, name);
  const mine = issues[name] ?? {};
  const unit = frameSize(doc, frame)?.unit ?? 'px';
  const described = (descriptors[layer.type] ?? []).filter((d) => d.name !== 'hidden' && d.name !== 'locked');
  const props = described
    .flatMap((d) => {
      const place = kit.canvas.importPlaceOf(layer.type, d.name);
      const control = editorControlFor(d, layer.type);
      return place && control ? [{ d, place, control }] : [];
    })
    // The properties a person changes most first, as in the playground.
    .sort((a, b) => Number(isMainProp(layer.type, b.d.name)) - Number(isMainProp(layer.type, a.d.name)));
  const errorOf = (place: Place) => (mine[place.key] ?? []).join('; ') || undefined;
  const shelves = shelve(
    layer.type,
    described.some((d) => d.name === 'font'),
    // Set: a value other than the default (a design read states some defaults), or an error.
    props.map((p) => {
      const v = propOf(doc, frame, name, p.place);
      const set = (v !== undefined && JSON.stringify(v) !== JSON.stringify(p.d.default)) || mine[p.place.key] !== undefined;
      return { name: p.d.name, set, item: p };
    }),
    held?.layer === name ? held : null,
  );
  const control = ({ d, place, control }: (typeof props)[number], more = false) => {
    const value = propOf(doc, frame, name, place);
    return (
      <Control
        key={`${name}/${d.name}`}
        layer={name}
        prop={{ id: d.name, help: d.help, value, control }}
        value={value}
        error={errorOf(place)}
        onFocusWithin={(focused: boolean) => setHeld(focused ? { layer: name, name: d.name, more } : null)}
        onChange={(v: unknown) => commit(withProp(doc, frame, name, place, v === '' ? undefined : v), `${frame}/${name}/${d.name}`)}
        onPick={(hex: string) =>
          commit(withProp(doc, frame, name, place, kit.canvas.colorInSpace(doc.type, hex)), `${frame}/${name}/${d.name}`)
        }
        onEncoded={(_prop: string, dataUrl: string) => commit(withProp(doc, frame, name, place, dataUrl))}
      />
    );
  };
  const locked = aspect.has(name);
  /** A width or height typed: with the aspect locked, the other follows. */
  const sized = (k: (typeof BOX_KEYS)[number], v: number): Box | null => {
    if (!box) return null;
    if (!locked || box.width <= 0 || box.height <= 0 || (k !== 'width' && k !== 'height')) return { ...box, [k]: v };
    return k === 'width'
      ? { ...box, width: v, height: (v * box.height) / box.width }
      : { ...box, height: v, width: (v * box.width) / box.height };
  };
  // A section opens by itself when it holds one of the most used properties; the others show how many they set.
  const section = (id: SectionId, body: unknown, main: boolean) => (
    <Section
      key={id}
      id={id}
      layer={name}
      open={open[id] ?? main}
      set={shelves[id].shown.length}
      onToggle={(o: boolean) => setOpen((s) => ({ ...s, [id]: o }))}
      more={shelves[id].more.map((p) => control(p, true))}
    >
      {body}
    </Section>
  );
  return (
    <section class="panel props-panel" aria-labelledby="props-title">
      <h2 id="props-title">
        {name} <span class="tag">{layer.type}</span>
      </h2>
      {section(
        'position',
        <>
          <fieldset class="box-fields">
            <legend>
              Box in {frame} ({unit})
            </legend>
            {BOX_KEYS.map((k) => (
              <div key={k} class="field">
                <label for={`ed-box-${k}`}>{k}</label>
                <NumberField
                  attrs={{ id: `ed-box-${k}` }}
                  value={box?.[k]}
                  step="any"
                  bounds={FREE}
                  clearable={false}
                  live={k === 'x' || k === 'y'}
                  onChange={(v: number) => {
                    const next = sized(k, v);
                    if (next) commit(withBox(doc, frame, name, next), `${frame}/${name}/box-${k}`);
                  }}
                />
              </div>
            ))}
            <button
              type="button"
              class="secondary aspect-lock"
              aria-pressed={locked ? 'true' : 'false'}
              onClick={() =>
                setAspect((s) => {
                  const n = new Set(s);
                  if (locked) n.delete(name);
                  else n.add(name);
                  return n;
                })
              }
            >
              {locked ? '🔒' : '🔓'} Keep aspect ratio
            </button>
            {mine.layout ? (
              <p class="error" role="alert">
                {mine.layout.join('; ')}
              </p>
            ) : null}
          </fieldset>
          {shelves.position.shown.map((p) => control(p))}
          <Arrange run={run} count={1} />
        </>,
        true,
      )}
      {(['text', 'fill', 'stroke', 'effects'] as const).map((id) =>
        shelves[id].shown.length + shelves[id].more.length
          ? section(
              id,
              shelves[id].shown.map((p) => control(p)),
              shelves[id].shown.some((p) => isMainProp(layer.type, p.d.name)),
            )
          : null,
      )}
      {doc.type === 'animated'
        ? section(
            'animation',
            <fieldset class="box-fields">
              <legend>Timing (s, of {doc.animation?.duration ?? '?'})</legend>
              {['start_at_s', 'end_at_s'].map((k) => {
                const place: Place = { key: 'animation', field: k, onLayer: true };
                return (
                  <div key={k} class="field">
                    <label for={`ed-anim-${k}`}>{k}</label>
                    <NumberField
                      attrs={{ id: `ed-anim-${k}` }}
                      value={propOf(doc, frame, name, place)}
                      step={0.1}
                      bounds={{ min: 0, max: null }}
                      clearable={true}
                      onChange={(v: number | undefined) => commit(withProp(doc, frame, name, place, v), `${frame}/${name}/${k}`)}
                    />
                  </div>
                );
              })}
              {mine.animation ? (
                <p class="error" role="alert">
                  {mine.animation.join('; ')}
                </p>
              ) : null}
            </fieldset>,
            true,
          )
        : null}
      {Object.keys(mine).length && !props.length ? <p class="error">{Object.values(mine).flat().join('; ')}</p> : null}
    </section>
  );
}

/**
 * A section of the panel, folded by its summary; its unset advanced properties wait behind
 * "More" (folded afresh for each layer).
 */
function Section({
  id,
  layer,
  open,
  onToggle,
  more,
  set,
  children,
}: {
  id: SectionId;
  layer: string;
  open: boolean;
  /** How many of its properties the layer sets (said while it is folded). */
  set: number;
  onToggle: (open: boolean) => void;
  more: VNode[];
  children?: unknown;
}): VNode {
  const title = SECTIONS.find((s) => s.id === id)?.title ?? id;
  return (
    <details
      class="prop-section"
      data-section={id}
      open={open}
      onToggle={(e: Event) => {
        const now = (e.currentTarget as HTMLDetailsElement).open;
        if (now !== open) onToggle(now);
      }}
    >
      <summary>
        {title}
        {!open && set ? (
          <>
            {' '}
            <small>({set} set)</small>
          </>
        ) : null}
      </summary>
      {children}
      {more.length ? (
        <details class="more" key={`${layer}/${id}`} data-more={id}>
          <summary>
            More {title.toLowerCase()} ({more.length})
          </summary>
          {more}
        </details>
      ) : null}
    </details>
  );
}
