// The types of projects.js while it is JavaScript, as the editor's New design uses them: the lead
// deletes this file when the typed projects.ts (branch console-typed) lands.
import type { View } from './ui.js';

export function ProjectPicker(props: { id: string; label?: string; value: string | null; onChange: (id: string | null) => void }): View;
