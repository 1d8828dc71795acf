// Shared pieces of the pages: loading and error states in words, small hooks.
import type { ComponentChildren, VNode } from 'preact';
import { useCallback, useEffect, useState } from 'preact/hooks';
import { api, type CallOptions, type FieldIssue } from './api.js';

/** What a page or component draws: a JSX element, or nothing. */
export type View = VNode | null;

/**
 * What every field of a property's control carries: its id and name, whether its value is refused
 * (`aria-invalid`) and the id of the message that says why.
 */
export interface FieldAttrs {
  id: string;
  name?: string;
  readonly?: boolean;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string | undefined;
}

/**
 * Asked before the route changes: a page with unsaved work (the editor) sets `current` to a
 * function that answers whether leaving is fine.
 */
export const leaveGuard: { current: (() => boolean) | null } = { current: null };

/** An error as the pages show it: an `ApiError` (status, id, field issues) or a plain `Error`. */
export interface Shown {
  message: string;
  status?: number;
  id?: string;
  errors?: FieldIssue[];
}

/** Whatever a `catch` caught, as an error to show. */
export function shown(error: unknown): Shown {
  if (error instanceof Error) return error;
  return { message: String(error) };
}

/** An API call as page state. */
export interface ApiState<T> {
  data: T | null;
  error: Shown | null;
  loading: boolean;
  headers: Headers | null;
  reload: () => void;
}

/** An API call as page state: `{ data, error, loading, headers, reload }`, read again when `deps` change. */
export function useApi<T>(method: string, path: string, options?: CallOptions, deps: unknown[] = []): ApiState<T> {
  const [state, setState] = useState<Omit<ApiState<T>, 'reload'>>({ data: null, error: null, loading: true, headers: null });
  const [tick, setTick] = useState(0);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    api<T>(method, path, options)
      .then((res) => live && setState({ data: res.data, error: null, loading: false, headers: res.headers }))
      .catch((error: unknown) => live && setState({ data: null, error: shown(error), loading: false, headers: null }));
    return () => {
      live = false;
    };
  }, [...deps, tick]);
  return { ...state, reload };
}

export function Loading({ what }: { what: string }): View {
  return (
    <p class="loading" role="status">
      Loading {what}…
    </p>
  );
}

/**
 * An API error in words: its message, its id, and each field issue with its path. A 404 is said in
 * words alone (the thing is not there, or not in this workspace): its id (`template_not_found`) is
 * a code for programs, kept in `data-error-id`.
 */
export function ErrorBox({ error, title }: { error: Shown | null | undefined; title?: string }): View {
  if (!error) return null;
  const missing = error.status === 404;
  return (
    <div class="alert" role="alert" data-error-id={error.id ?? undefined}>
      <strong>{title ?? 'Something went wrong'}:</strong> {error.message}
      {error.id && !missing ? (
        <>
          {' '}
          <code>{error.id}</code>
        </>
      ) : null}
      {error.errors?.length ? (
        <ul class="issues">
          {error.errors.map((e) => (
            <li key={`${e.path}: ${e.message}`}>
              <code>{e.path}</code>: {e.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** A column of a `DataTable`: its heading, or `{ skip }`, a heading said to screen readers alone (a column of buttons). */
export type Column = string | { skip: string };

/**
 * A table of records as the pages show them: in a wrapper that scrolls sideways and a keyboard can
 * reach, the columns' headings (`th scope="col"`), then the rows (`children`: each a `tr` keyed by
 * its record, which says whether its first cell heads the row).
 */
export function DataTable({ columns, children }: { columns: readonly Column[]; children: ComponentChildren }): View {
  return (
    <div class="table-wrap" tabindex={0}>
      <table>
        <thead>
          <tr>
            {columns.map((c) =>
              typeof c === 'string' ? (
                <th scope="col" key={c}>
                  {c}
                </th>
              ) : (
                <th scope="col" key={c.skip}>
                  <span class="skip">{c.skip}</span>
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** A time of the API (seconds since the epoch) in the reader's words; a dash for none. */
export function when(ts: number | null | undefined): string {
  if (ts === null || ts === undefined) return '—';
  return new Date(ts * 1000).toLocaleString();
}

export function Copy({ text, label }: { text: string; label?: string }): View {
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
  return (
    <button type="button" class="secondary" onClick={copy}>
      {done ? 'Copied' : (label ?? 'Copy')}
    </button>
  );
}

/** Saves a JSON value as a file the browser downloads. */
export function downloadJson(value: unknown, filename: string): void {
  const blob = new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

/** A drop target for files (highlighted while something is dragged over it); its children say what to drop. */
export function Dropzone({ onFiles, children }: { onFiles: (files: File[]) => unknown; children?: ComponentChildren }): View {
  const [over, setOver] = useState(false);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a drop target for the pointer; its children hold the file input the keyboard uses
    <div
      class={`dropzone${over ? ' over' : ''}`}
      onDragOver={(e: DragEvent) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e: DragEvent) => {
        e.preventDefault();
        setOver(false);
        void onFiles(Array.from(e.dataTransfer?.files ?? []));
      }}
    >
      {children}
    </div>
  );
}

/** The value of the field an event came from (an input, a select, a text area). */
export function fieldValue(event: Event): string {
  return (event.currentTarget as HTMLInputElement).value;
}

/** Whether the checkbox an event came from is ticked. */
export function checkedOf(event: Event): boolean {
  return (event.currentTarget as HTMLInputElement).checked;
}

/** The files of the file field an event came from. */
export function filesOf(event: Event): File[] {
  return Array.from((event.currentTarget as HTMLInputElement).files ?? []);
}

/** A file as base64 (what `file_encoded` and `csv_encoded` take). */
export async function base64Of(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
