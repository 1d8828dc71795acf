// The control of one layer property, chosen by its kind (plan.ts `controlFor`): shared by the
// playground and the editor, so each kind has one control.
import { createContext } from 'preact';
import { useContext, useEffect, useRef, useState } from 'preact/hooks';
import type { Font } from './answers.js';
import { api } from './api.js';
import { type Bounds, type Check, passes, problemOf, readTyped, settle, shownNumber, stepped } from './number-entry.js';
import { type Control as ControlKind, coerce, type FormProp, fieldKey, swatchOf } from './plan.js';
import { checkedOf, type FieldAttrs, fieldValue, type View } from './ui.js';

/** What a control takes: the layer, the property with its control, its value, and what to do with a change. */
export interface ControlProps {
  layer: string;
  prop: FormProp & { control: ControlKind };
  value: unknown;
  /** The data URL an upload set instead of the URL (the playground's `image_encoded`), if any. */
  encoded?: unknown;
  error?: string | null | undefined;
  onChange: (value: unknown) => void;
  onEncoded?: (prop: string, dataUrl: string) => void;
  onPick?: (hex: string) => void;
  /** The focus coming into the control (true) or leaving it (false), between its own fields not counted. */
  onFocusWithin?: (focused: boolean) => void;
}

/** A value shown in a text field: a string as it is, nothing as empty. */
const text = (value: unknown): string => (value === undefined || value === null ? '' : String(value));

/** `onPick`, when given, takes the colour picker's hex instead of `onChange` (the editor converts it to the design's colour space). */
export function Control({ layer, prop, value, encoded, error, onChange, onEncoded, onPick, onFocusWithin }: ControlProps): View {
  const control = prop.control;
  const id = fieldKey(layer, prop.id);
  const errorId = `${id}-error`;
  const common: FieldAttrs & { name: string } = {
    id,
    name: `${layer}.${prop.id}`,
    'aria-invalid': Boolean(error),
    'aria-describedby': error ? errorId : undefined,
  };
  let input: View;
  if (control.kind === 'switch') {
    input = <input type="checkbox" {...common} checked={value === true} onChange={(e: Event) => onChange(checkedOf(e))} />;
  } else if (control.kind === 'number') {
    const numeric = typeof value === 'number' ? value : '';
    input = (
      <div class="number-row">
        <NumberField attrs={common} value={value} step={control.step} bounds={control} clearable={true} onChange={onChange} />
        {control.range ? (
          <input
            type="range"
            aria-label={`${layer} ${prop.id} slider`}
            min={control.range.min}
            max={control.range.max}
            step={control.step}
            value={numeric === '' ? control.range.min : numeric}
            onInput={(e: Event) => onChange(Number(fieldValue(e)))}
          />
        ) : null}
      </div>
    );
  } else if (control.kind === 'select') {
    const current = value === undefined || value === null ? '' : String(value);
    input = (
      <select
        {...common}
        value={current}
        onChange={(e: Event) => onChange(fieldValue(e) === '' ? undefined : coerce(control, fieldValue(e)))}
      >
        {control.options.includes(current) ? null : (
          <option value="">{current === '' ? '(design value)' : `${current} (design value)`}</option>
        )}
        {control.options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    );
  } else if (control.kind === 'color') {
    const swatch = swatchOf(value);
    input = (
      <div class="color-row">
        <input
          type="text"
          {...common}
          value={text(value)}
          spellcheck={false}
          placeholder={control.gradients ? '#RRGGBB, cmyk(…) or a gradient' : '#RRGGBB or cmyk(…)'}
          onInput={(e: Event) => onChange(fieldValue(e))}
        />
        <input
          type="color"
          aria-label={`${layer} ${prop.id} picker`}
          value={swatch ?? '#000000'}
          onInput={(e: Event) => (onPick ?? onChange)(fieldValue(e))}
        />
      </div>
    );
  } else if (control.kind === 'font') {
    input = <FontSelect common={common} value={value} onChange={onChange} />;
  } else if (control.kind === 'source') {
    input = (
      <div>
        <input
          type="url"
          {...common}
          value={encoded ? '' : text(value)}
          placeholder={encoded ? 'Uploaded file' : 'https://…'}
          onInput={(e: Event) => onChange(fieldValue(e))}
        />
        {control.encoded ? (
          <>
            <label class="hint" for={`${id}-upload`}>
              …or upload a file
            </label>
            <input
              id={`${id}-upload`}
              type="file"
              accept="image/*"
              onChange={(e: Event) => {
                const file = (e.currentTarget as HTMLInputElement).files?.[0];
                const field = control.encoded;
                if (!file || field === null) return;
                const reader = new FileReader();
                reader.onload = () => onEncoded?.(field, String(reader.result));
                reader.readAsDataURL(file);
              }}
            />
          </>
        ) : null}
      </div>
    );
  } else if (control.kind === 'text' && control.multiline) {
    // `value`, not children: Preact sets a textarea's children once, so an undo would leave the old text in the box.
    input = <textarea {...common} rows={2} value={text(value)} onInput={(e: Event) => onChange(fieldValue(e))} />;
  } else {
    input = <input type="text" {...common} value={text(value)} onInput={(e: Event) => onChange(fieldValue(e))} />;
  }
  const within = (focused: boolean) => (e: FocusEvent) => {
    const other = e.relatedTarget as Node | null;
    if (!(other && (e.currentTarget as HTMLElement).contains(other))) onFocusWithin?.(focused);
  };
  return (
    <div class="field" onFocusIn={within(true)} onFocusOut={within(false)}>
      {control.kind === 'switch' ? null : <label for={id}>{prop.id}</label>}
      {control.kind === 'switch' ? (
        // biome-ignore lint/a11y/noLabelWithoutControl: `input` is the checkbox this label wraps
        <label>
          {input} {prop.id}
        </label>
      ) : (
        input
      )}
      {prop.help ? <p class="hint">{prop.help}</p> : null}
      {error ? (
        <p class="error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A number typed key by key, as in a design tool (number-entry.ts): a text box that shows what
 * is typed while it has the focus, and gives `onChange` each text that reads as a number ("-12"
 * on the way takes -1 and -12; "-", "0." before "0.5" or an emptied field take nothing, so a
 * property is neither unset nor moved while it is typed). Leaving it (blur, Enter) with a text
 * that is no number puts back the value the field had when the edit began (the focus, or the
 * last Enter), not a number taken on the way; an emptied field unsets the property where
 * `clearable`, and goes back so otherwise. Escape puts back that value too. Arrow Up/Down step by
 * `step` (×10 with Shift), never past the bound they move towards, or round it where the bounds
 * are one turn (`bounds.circular`: a rotation); a typed value past a bound is kept, for the
 * design's check to say so under the control. `check`, where the design cannot hold a number at
 * all (a frame's width of 0), says why under the field and takes nothing (a control with a
 * `check` shows its own error: `Control` gives none). `live` false takes a typed number only when
 * the field is left or stepped: a box's width, whose every value on the way would resize (and
 * round) its children and its locked aspect ratio.
 */
/** What a number field gives: a clearable one gives undefined for an emptied field, the others a number only. */
type NumberChange =
  | { clearable: true; onChange: (value: number | undefined) => void }
  | { clearable: false; onChange: (value: number) => void };

export function NumberField({
  attrs,
  value,
  step,
  bounds,
  clearable,
  live = true,
  check,
  onChange,
}: {
  attrs: FieldAttrs;
  value: unknown;
  step: number | 'any';
  bounds: Bounds;
  live?: boolean;
  check?: Check | undefined;
} & NumberChange): View {
  // What is typed, while the field has it; null shows the value.
  const [draft, setDraft] = useState<string | null>(null);
  // The same, for a blur within the key that ends the typing (Escape moves the focus before a render).
  const typing = useRef(false);
  // The value the edit began with (the focus, or the last Enter): what leaving without a number, or Escape, puts back.
  const before = useRef<number | undefined>(undefined);
  const current = typeof value === 'number' ? value : undefined;
  const take = (v: number | undefined) => {
    if (v === current) return;
    if (v !== undefined) onChange(v);
    else if (clearable) onChange(v);
  };
  const typed = (text: string | null) => {
    typing.current = text !== null;
    setDraft(text);
  };
  const leave = (text: string) => {
    before.current = settle(text, clearable, before.current, check);
    take(before.current);
    typed(null);
  };
  const problem = draft === null ? null : problemOf(draft, check);
  const errorId = `${attrs.id}-error`;
  // A spin button: its bounds and value said as a number field's min and max would be.
  return (
    <>
      <input
        type="text"
        inputmode="decimal"
        autocomplete="off"
        spellcheck={false}
        role="spinbutton"
        {...attrs}
        aria-invalid={problem ? true : attrs['aria-invalid']}
        aria-describedby={problem ? errorId : attrs['aria-describedby']}
        aria-valuenow={current}
        aria-valuemin={bounds.min ?? undefined}
        aria-valuemax={bounds.max ?? undefined}
        value={draft ?? shownNumber(value)}
        onFocus={() => {
          before.current = current;
        }}
        onInput={(e: Event) => {
          const text = fieldValue(e);
          typed(text);
          const read = readTyped(text);
          if (live && read.kind === 'number' && passes(read.value, check)) take(read.value);
        }}
        onBlur={(e: Event) => {
          if (typing.current) leave(fieldValue(e));
        }}
        onKeyDown={(e: KeyboardEvent) => {
          const field = e.currentTarget as HTMLInputElement;
          if (e.key === 'Enter') {
            if (typing.current) leave(field.value);
          } else if (e.key === 'Escape') {
            // The editor then takes the focus back to the canvas (editor.ts).
            take(before.current);
            typed(null);
          } else if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
            e.preventDefault();
            const read = readTyped(field.value);
            const next = stepped(read.kind === 'number' ? read.value : current, e.key === 'ArrowUp' ? 1 : -1, e.shiftKey, step, bounds);
            if (passes(next, check)) take(next);
            typed(null);
          }
        }}
      />
      {problem ? (
        <p class="error" id={errorId} role="alert">
          {problem}
        </p>
      ) : null}
    </>
  );
}

/**
 * The font lists of one page, by search: each search is read from GET /fonts once, however many
 * font controls show it. A form has a font control per text layer, and every read counts against
 * the workspace's read budget, so a page opens with one read, not one per control. A failed read
 * is not kept: the next control to ask reads again.
 */
export type FontLister = (name: string) => Promise<Font[]>;

export function fontLists(): FontLister {
  const byName = new Map<string, Promise<Font[]>>();
  return (name) => {
    let list = byName.get(name);
    if (!list) {
      list = api<Font[]>('GET', '/fonts', { query: { name: name || undefined } }).then(({ data }) => data.slice(0, 200));
      list.catch(() => byName.delete(name));
      byName.set(name, list);
    }
    return list;
  };
}

/** The page's font lists (fontLists); a control outside one reads its own. */
export const FontLists = createContext<FontLister | null>(null);

/** A font from /fonts: a search box, and a choice among the matches (the current font stays listed). */
function FontSelect({
  common,
  value,
  onChange,
}: {
  common: { id: string; name: string };
  value: unknown;
  onChange: (v: unknown) => void;
}): View {
  const [q, setQ] = useState('');
  const [fonts, setFonts] = useState<Font[]>([]);
  const shared = useContext(FontLists);
  const [own] = useState<FontLister | null>(() => (shared ? null : fontLists()));
  const lists = (shared ?? own) as FontLister;
  useEffect(() => {
    let alive = true;
    const t = setTimeout(() => {
      lists(q)
        .then((data) => alive && setFonts(data))
        .catch(() => alive && setFonts([]));
    }, 250);
    return () => {
      alive = false;
      clearTimeout(t);
    };
  }, [q, lists]);
  const listed = fonts.some((f) => f.id === value);
  return (
    <div>
      <input
        type="search"
        aria-label={`Search fonts for ${common.name}`}
        placeholder="Search fonts"
        value={q}
        onInput={(e: Event) => setQ(fieldValue(e))}
      />
      <select {...common} value={text(value)} onChange={(e: Event) => onChange(fieldValue(e))}>
        {!listed && value ? (
          <option value={String(value)}>
            Current font ({String(value).length > 24 ? `${String(value).slice(0, 8)}…` : String(value)})
          </option>
        ) : null}
        {fonts.map((f) => (
          <option key={f.id} value={f.id}>
            {f.name} ({f.category})
          </option>
        ))}
      </select>
    </div>
  );
}
