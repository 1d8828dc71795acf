// The editor's properties panel: the selected layer's box, timing and properties with the
// playground's controls, or the frame's size and background when nothing is selected.
import { Control } from '../controls.js';
import { backgroundOf, boxOf, findLayer, frameSize, propOf, withBackground, withBox, withFrameSize, withProp } from '../editor-model.js';
import { controlFor, isMainProp } from '../plan.js';
import { html } from '../ui.js';

/**
 * The selected layer's box and properties. The controls are the playground's (controls.js),
 * chosen from GET /layer-properties; a property a request cannot override is still a property of
 * the design, so the editor offers it with the design range. A colour picked with the picker is
 * put in the design's colour space (CMYK on print).
 */
export function PropertiesPanel({ doc, frame, name, descriptors, kit, commit, issues }) {
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
