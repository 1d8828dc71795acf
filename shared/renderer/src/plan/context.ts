import type { FontCatalogue, FontFace, LayerInput, LayerType } from '@pressroom/model';
import type { Scale } from './scale.js';
import type { AssetPurpose, AssetSource, PxBox } from './types.js';

/**
 * What a layer planner sees: its merged properties, its box in pixels, and the plan-wide helpers.
 * `L` is the layer type; without it only the properties every layer has are known.
 */
export interface LayerContext<L extends LayerType = LayerType> {
  name: string;
  /** Design properties with the format's and the request's overrides applied, typed by the catalogue. */
  props: LayerInput<L>;
  /** The request's override of this layer alone (some precedence rules need to know who sent what). */
  override: Record<string, unknown>;
  box: PxBox;
  scale: Scale;
  variables: Record<string, string>;
  vars: Record<string, string>;
  catalogue: FontCatalogue;
  designFonts: readonly FontFace[];
  /** Records a resource and returns its ref. */
  addAsset(purpose: AssetPurpose, source: AssetSource): string;
}

export function num(v: unknown, fallback = 0): number {
  return typeof v === 'number' && Number.isFinite(v) ? v : fallback;
}

export function str(v: unknown, fallback = ''): string {
  return typeof v === 'string' ? v : fallback;
}

/** `border_radius`: one number or one per corner, scaled. */
export function radiusCss(v: unknown, scale: Scale): string {
  if (typeof v === 'number') return `${scale.length(v)}px`;
  if (v && typeof v === 'object') {
    const r = v as Record<string, unknown>;
    return ['tl', 'tr', 'br', 'bl'].map((k) => `${scale.length(num(r[k]))}px`).join(' ');
  }
  return '0px';
}

/** `background_padding`: `"<vertical> <horizontal>"`, one number, or the normalised `{vertical, horizontal}`. */
export function paddingOf(v: unknown): { vertical: number; horizontal: number } | null {
  if (typeof v === 'number') return { vertical: v, horizontal: v };
  if (typeof v === 'string' && v.trim() !== '') {
    const [a, b] = v.trim().split(/\s+/).map(Number);
    if (a === undefined || !Number.isFinite(a)) return null;
    return { vertical: a, horizontal: b !== undefined && Number.isFinite(b) ? b : a };
  }
  if (v && typeof v === 'object' && 'vertical' in v) return v as { vertical: number; horizontal: number };
  return null;
}
