import type { Design } from './types.js';

export type ResolvedSource =
  | { kind: 'url'; url: string }
  | { kind: 'data'; url: string }
  | { kind: 'file'; path: string }
  | { kind: 'storage'; key: string }
  | { kind: 'missing'; asset: string };

/**
 * Where the bytes of a media reference are. `asset:<name>` goes through the design's `assets`;
 * `file:` paths are relative to the design file (examples) and are replaced on import.
 */
export function resolveSource(design: Pick<Design, 'assets'>, src: string): ResolvedSource {
  let value = src;
  if (src.startsWith('asset:')) {
    const asset = design.assets[src.slice(6)];
    if (!asset) return { kind: 'missing', asset: src.slice(6) };
    value = asset.src;
  }
  if (value.startsWith('data:')) return { kind: 'data', url: value };
  if (value.startsWith('file:')) return { kind: 'file', path: value.slice(5) };
  if (value.startsWith('storage:')) return { kind: 'storage', key: value.slice(8) };
  return { kind: 'url', url: value };
}
