// The types of controls.js while it is JavaScript, as the editor's typed properties panel uses
// them: the lead deletes this file when the typed controls.ts (branch console-typed) lands.
import type { Control as ControlKind, FormProp } from './plan.js';
import type { View } from './ui.js';

export interface ControlProps {
  layer: string;
  prop: FormProp & { control: ControlKind };
  value: unknown;
  encoded?: unknown;
  error?: string | null | undefined;
  onChange: (value: unknown) => void;
  onEncoded?: (prop: string, dataUrl: string) => void;
  onPick?: (hex: string) => void;
}

export function Control(props: ControlProps): View;
