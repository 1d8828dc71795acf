import { IMPORT_SPELLINGS, type LayerType } from '@pressroom/model';
import { describe, expect, it } from 'vitest';
import { PROPERTY_CASES, WALK_EXCEPTIONS } from './cases.js';
import { DOCUMENTED_LAYER_FIELDS, DOCUMENTED_PROPERTIES, DOCUMENTED_REFUSALS, DOCUMENTED_STRUCTURE } from './documented.js';

/** The stored properties an import key sets (`shadow` → shadow_color, shadow_blur, …; `src` → image_url). */
function internalsOf(type: LayerType, key: string): string[] {
  const spell = IMPORT_SPELLINGS[type];
  const nested = [...spell.byImport.values()].filter((s) => s.import === key || s.import.startsWith(`${key}.`)).map((s) => s.internal);
  const onLayer = spell.onLayer.get(key);
  return onLayer ? [...nested, onLayer.internal] : nested;
}

const walked = (type: LayerType, internal: string) =>
  (PROPERTY_CASES[type]?.[internal]?.length ?? 0) > 0 || Object.hasOwn(WALK_EXCEPTIONS, `${type}.${internal}`);

describe("the property walk covers every property Abyssale's layer-type pages document", () => {
  const documented = (Object.entries(DOCUMENTED_PROPERTIES) as [LayerType, readonly string[]][]).flatMap(([type, keys]) =>
    [...keys, ...(type === 'group' ? ['locked'] : []), 'hidden'].map((key) => [`${type}.${key}`, type, key] as const),
  );

  it.each(documented)('%s is drawn by the walk, or refused with a reason', (_name, type, key) => {
    const refusal = DOCUMENTED_REFUSALS[type]?.[key];
    if (refusal !== undefined) {
      expect(refusal.length).toBeGreaterThan(20);
      expect(internalsOf(type, key)).toEqual([]);
      return;
    }
    if (Object.hasOwn(DOCUMENTED_STRUCTURE, `${type}.${key}`)) return;
    const internals = internalsOf(type, key);
    expect(internals, `${type}.${key} is not importable`).not.toEqual([]);
    for (const internal of internals) expect(walked(type, internal), `${type}.${internal} has no walk case`).toBe(true);
  });

  it('the layer-level fields are on every type that has them, and locked only where Pressroom keeps it', () => {
    for (const type of Object.keys(DOCUMENTED_PROPERTIES) as LayerType[])
      for (const field of DOCUMENTED_LAYER_FIELDS) {
        const kept = internalsOf(type, field).length > 0;
        // A non-group layer takes locked: false and drops true with a warning (docs/design-format.md, "Layers").
        expect(kept || field === 'locked', `${type}.${field}`).toBe(true);
      }
  });
});
