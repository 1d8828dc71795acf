// The types of ui.js while it is JavaScript, as far as the editor's typed pages use them: the lead
// deletes this file when the typed ui.ts (branch console-typed) lands, which then answers for it
// with these same signatures.
import type { VNode } from 'preact';
import type { CallOptions, FieldIssue } from './api.js';

export type View = VNode | null;

export const leaveGuard: { current: (() => boolean) | null };

/** An error as the pages show it: an `ApiError` (status, id, field issues) or a plain `Error`. */
export interface Shown {
  message: string;
  status?: number;
  id?: string;
  errors?: FieldIssue[];
}

export interface ApiState<T> {
  data: T | null;
  error: Shown | null;
  loading: boolean;
  headers: Headers | null;
  reload: () => void;
}

export function useApi<T>(method: string, path: string, options?: CallOptions, deps?: unknown[]): ApiState<T>;
export function Loading(props: { what: string }): View;
export function ErrorBox(props: { error: Shown | null | undefined; title?: string }): View;
export function when(ts: number | null | undefined): string;
