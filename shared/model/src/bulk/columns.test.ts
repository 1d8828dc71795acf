import { describe, expect, it } from 'vitest';
import { planColumns, targetName } from './columns.js';

const layers = [
  { name: 'title', type: 'text' as const },
  { name: 'hero.photo', type: 'image' as const },
];
const knownProperty = (type: string, property: string) =>
  (type === 'text' && ['payload', 'color', 'font_size'].includes(property)) || (type === 'image' && property === 'image_url');

describe('planColumns', () => {
  it('maps layer.property headers to themselves (the last dot splits), special columns, and mapped or ignored headers', () => {
    const { plan, issues } = planColumns({
      headers: ['title.payload', 'hero.photo.image_url', 'Colour', '_format', 'notes'],
      mapping: { Colour: 'title.color', notes: null },
      layers,
      knownProperty,
    });
    expect(issues).toEqual([]);
    expect(plan.targets.map(targetName)).toEqual(['title.payload', 'hero.photo.image_url', 'title.color', '_format', null]);
  });

  it('names the unmapped header, the unknown layer and the property the layer type does not take', () => {
    const { issues } = planColumns({
      headers: ['Name', 'subtitle.payload', 'title.wingspan'],
      mapping: {},
      layers,
      knownProperty,
    });
    expect(issues.map((i) => [i.path, i.code])).toEqual([
      ['columns.Name', 'unknown_field'],
      ['columns.subtitle.payload', 'unknown_field'],
      ['columns.title.wingspan', 'unknown_field'],
    ]);
    expect(issues[1]!.message).toContain('no layer "subtitle"');
  });

  it('refuses a doubled header, a mapping for a column the sheet lacks, and two columns setting one property', () => {
    const { issues } = planColumns({
      headers: ['title.payload', 'Title', 'title.payload'],
      mapping: { Title: 'title.payload', Missing: 'title.color' },
      layers,
      knownProperty,
    });
    expect(issues.map((i) => i.path)).toEqual(['columns.title.payload', 'mapping.Missing', 'columns.Title', 'columns.title.payload']);
  });
});
