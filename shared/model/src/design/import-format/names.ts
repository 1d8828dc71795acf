/**
 * How each property is spelled in an import payload, derived from the catalogue's `import` and
 * `onLayer` marks (properties/catalogue.ts): a property without a mark keeps its own name, so a
 * property added to the catalogue is importable under its name with no change here.
 */
import { LAYER_PROPERTIES } from '../../properties/catalogue.js';
import type { PropertyEntry } from '../../properties/entry.js';
import { LAYER_TYPES, type LayerType } from '../../properties/layer-types.js';
import { type DesignRange, NUMERIC_PROPERTIES, type NumericProperty } from '../../properties/numeric.js';

export interface Spelling {
  /** The stored document's name (`shadow_blur`). */
  internal: string;
  /** The import's name: a key of `properties` (`radius`), or `group.field` (`shadow.blur`). */
  import: string;
  /** Set on the layer itself (`hidden`, `locked`), not inside `properties`. */
  onLayer: boolean;
  /** Abyssale's narrower bound of a number (numeric.ts `import`): checked when a payload is written. */
  bound?: DesignRange;
}

export interface TypeSpellings {
  /** By import name (`shadow.blur`, `src`). Layer-level fields are not in it. */
  byImport: ReadonlyMap<string, Spelling>;
  /** By stored name. */
  byInternal: ReadonlyMap<string, Spelling>;
  /** The nested objects of the import (`shadow`, `stroke`, `text_shadow`). */
  groups: ReadonlySet<string>;
  /** Layer-level fields (`hidden`, `locked`) by name. */
  onLayer: ReadonlyMap<string, Spelling>;
}

function spellingsOf(entries: Readonly<Record<string, PropertyEntry>>): TypeSpellings {
  const byImport = new Map<string, Spelling>();
  const byInternal = new Map<string, Spelling>();
  const onLayer = new Map<string, Spelling>();
  const groups = new Set<string>();
  for (const [internal, entry] of Object.entries(entries)) {
    const bound = entry.numeric === undefined ? undefined : (NUMERIC_PROPERTIES[entry.numeric] as NumericProperty).import;
    const spelling: Spelling = {
      internal,
      import: entry.import ?? internal,
      onLayer: entry.onLayer === true,
      ...(bound === undefined ? {} : { bound }),
    };
    byInternal.set(internal, spelling);
    if (spelling.onLayer) onLayer.set(spelling.import, spelling);
    else byImport.set(spelling.import, spelling);
    const dot = spelling.import.indexOf('.');
    if (dot > 0) groups.add(spelling.import.slice(0, dot));
  }
  return { byImport, byInternal, groups, onLayer };
}

/** The import spelling of every layer type's properties. */
export const IMPORT_SPELLINGS: Readonly<Record<LayerType, TypeSpellings>> = Object.fromEntries(
  LAYER_TYPES.map((t) => [t, spellingsOf(LAYER_PROPERTIES[t] as Readonly<Record<string, PropertyEntry>>)]),
) as Record<LayerType, TypeSpellings>;

/** Every top-level key some layer type accepts in `properties`: another type's key is `unsupported_for_type`. */
export const ALL_IMPORT_KEYS: ReadonlySet<string> = new Set(
  LAYER_TYPES.flatMap((t) => {
    const s = IMPORT_SPELLINGS[t];
    return [...[...s.byImport.keys()].map((k) => k.split('.')[0] as string)];
  }),
);

/** Layer-level fields of any type (`hidden`, `locked`). */
export const LAYER_LEVEL_FIELDS: ReadonlySet<string> = new Set(LAYER_TYPES.flatMap((t) => [...IMPORT_SPELLINGS[t].onLayer.keys()]));
