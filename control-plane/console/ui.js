// Shared pieces of the pages: the template tag, loading and error states in words, small hooks.
import htm from 'htm';
import { h } from 'preact';
import { useCallback, useEffect, useState } from 'preact/hooks';
import { api } from './api.js';

export const html = htm.bind(h);

/**
 * Asked before the route changes: a page with unsaved work (the editor) sets `current` to a
 * function that answers whether leaving is fine.
 */
export const leaveGuard = { current: null };

/** An API call as page state: `{ data, error, loading, reload }`. */
export function useApi(method, path, options, deps = []) {
  const [state, setState] = useState({ data: null, error: null, loading: true, headers: null });
  const [tick, setTick] = useState(0);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    api(method, path, options)
      .then((res) => live && setState({ data: res.data, error: null, loading: false, headers: res.headers }))
      .catch((error) => live && setState({ data: null, error, loading: false, headers: null }));
    return () => {
      live = false;
    };
  }, [...deps, tick]);
  return { ...state, reload };
}

export function Loading({ what }) {
  return html`<p class="loading" role="status">Loading ${what}…</p>`;
}

/**
 * An API error in words: its message, its id, and each field issue with its path. A 404 is said in
 * words alone (the thing is not there, or not in this workspace): its id (`template_not_found`) is
 * a code for programs, kept in `data-error-id`.
 */
export function ErrorBox({ error, title }) {
  if (!error) return null;
  const missing = error.status === 404;
  return html`<div class="alert" role="alert" data-error-id=${error.id ?? undefined}>
    <strong>${title ?? 'Something went wrong'}:</strong> ${error.message}
    ${error.id && !missing ? html` <code>${error.id}</code>` : null}
    ${
      error.errors?.length
        ? html`<ul class="issues">
          ${error.errors.map((e) => html`<li><code>${e.path}</code>: ${e.message}</li>`)}
        </ul>`
        : null
    }
  </div>`;
}

export function when(ts) {
  if (ts === null || ts === undefined) return '—';
  return new Date(ts * 1000).toLocaleString();
}

export function Copy({ text, label }) {
  const [done, setDone] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setDone(true);
      setTimeout(() => setDone(false), 1500);
    } catch {
      setDone(false);
    }
  };
  return html`<button type="button" class="secondary" onClick=${copy}>${done ? 'Copied' : (label ?? 'Copy')}</button>`;
}

/** Saves a JSON value as a file the browser downloads. */
export function downloadJson(value, filename) {
  const blob = new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

/** A drop target for files (highlighted while something is dragged over it); its children say what to drop. */
export function Dropzone({ onFiles, children }) {
  const [over, setOver] = useState(false);
  return html`<div class=${`dropzone${over ? ' over' : ''}`} onDragOver=${(e) => {
    e.preventDefault();
    setOver(true);
  }} onDragLeave=${() => setOver(false)} onDrop=${(e) => {
    e.preventDefault();
    setOver(false);
    void onFiles([...(e.dataTransfer?.files ?? [])]);
  }}>${children}</div>`;
}
