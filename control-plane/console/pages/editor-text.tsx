// Text editing on the canvas: a double-click on a text or button layer opens a field over it, and
// every keystroke changes the design, so the canvas beneath draws the text as the workers fit it
// (the field's own letters are transparent: only its caret and selection show over the drawing).
import type { VNode } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { type Doc, type Place, propOf, withProp } from '../editor-model.js';

export interface CanvasTextProps {
  doc: Doc;
  frame: string;
  name: string;
  /** Where the layer's text sits in the import (`importPlaceOf(type, 'payload')`). */
  place: Place;
  /** Screen pixels per design unit, for the caret's size. */
  k: number;
  commit: (doc: Doc, key?: string | null) => void;
  /** Editing ends (Escape, or the field left). */
  done: () => void;
}

export function CanvasText({ doc, frame, name, place, k, commit, done }: CanvasTextProps): VNode {
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    // The caret at the end of the text, as a click past it would put it.
    const f = field.current;
    f?.focus();
    f?.setSelectionRange(f.value.length, f.value.length);
  }, []);
  const value = propOf(doc, frame, name, place);
  const size = propOf(doc, frame, name, { key: 'font_size', field: null, onLayer: false });
  return (
    <textarea
      ref={field}
      class="canvas-text"
      aria-label={`Text of ${name}, drawn on the canvas as you type; Escape ends`}
      spellcheck={false}
      value={typeof value === 'string' ? value : ''}
      style={{ fontSize: `${(typeof size === 'number' ? size : 16) * k}px` }}
      onPointerDown={(e: PointerEvent) => e.stopPropagation()}
      onInput={(e: Event) =>
        commit(withProp(doc, frame, name, place, (e.currentTarget as HTMLTextAreaElement).value), `${frame}/${name}/payload`)
      }
      onKeyDown={(e: KeyboardEvent) => {
        e.stopPropagation();
        if (e.key !== 'Escape') return;
        e.preventDefault();
        done();
      }}
      onBlur={done}
    />
  );
}
