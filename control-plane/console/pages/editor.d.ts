// The editor page's type while its module is JavaScript (pages/editor.js): the lead deletes this
// file when the typed editor (pages/editor.ts) lands, which then answers for it.
import type { VNode } from 'preact';

export function EditorPage(props: { id: string | null }): VNode | null;
