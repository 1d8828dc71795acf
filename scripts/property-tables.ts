// Prints the property tables of docs/design-format.md ("Properties by layer type") from the
// layer-property catalogue. The page's tables are this output, between its `properties:start`
// and `properties:end` markers; `scripts/property-tables.test.ts` fails when the two drift apart.
// Regenerate with `npm run --silent docs:properties -- --write`.

import { readFileSync, writeFileSync } from 'node:fs';
import {
  BOX_ALIGNMENTS,
  type DesignRange,
  LAYER_PROPERTIES,
  LAYER_TYPES,
  type LayerType,
  NUMERIC_PROPERTIES,
  type NumericRange,
  narrowingOf,
  overrideOn,
  type PropertyEntry,
  TEXT_ALIGNMENTS,
  UNTARGETABLE_LAYER_TYPES,
} from '@pressroom/model';

const DOC = new URL('../docs/design-format.md', import.meta.url);
const START = '<!-- properties:start -->';
const END = '<!-- properties:end -->';

// An empty string shows as `""`, not as an empty code span.
const code = (v: unknown) => `\`${typeof v === 'string' && v !== '' ? v : JSON.stringify(v)}\``;

function values(list: readonly (string | number)[]): string {
  if (list === TEXT_ALIGNMENTS) return `a box alignment or a justified one (${list.length} values, above)`;
  if (list === BOX_ALIGNMENTS) return `a box alignment (${list.length} values, above)`;
  return list.map((v) => String(v)).join(', ');
}

function span(min: number, max: number): string {
  return `${min} to ${max}`;
}

function designRange(entry: PropertyEntry): DesignRange | undefined {
  return entry.numeric !== undefined ? NUMERIC_PROPERTIES[entry.numeric].design : entry.range;
}

function designCell(entry: PropertyEntry): string {
  if (entry.design !== undefined) return 'see Meaning';
  switch (entry.kind) {
    case 'number':
    case 'integer': {
      const r = designRange(entry)!;
      const unit = (u: DesignRange['unit']) => (u === 'integer' ? ', integer' : u === 'length' ? ', integer px; a float on print' : '');
      // Abyssale's narrower bound, refused when a document is written (numeric.ts `import`).
      const bound = entry.numeric === undefined ? undefined : (NUMERIC_PROPERTIES[entry.numeric] as { import?: DesignRange }).import;
      const written =
        bound === undefined
          ? ''
          : `; an import or document PUT: ${bound.min === bound.max ? bound.min : span(bound.min, bound.max)}${unit(bound.unit)}`;
      return `${span(r.min, r.max)}${unit(r.unit)}${written}`;
    }
    case 'enum':
      return values(entry.values!);
    case 'boolean':
      return 'true or false';
    case 'text':
    case 'font':
      return `${entry.length!.min} to ${entry.length!.max} characters`;
    case 'color':
      return { solid: 'color, no gradient', fill: 'color or gradient', 'rgb-fill': 'color; a gradient on static and animated' }[
        entry.color!
      ];
    case 'url':
      return '`asset:<name>`, http(s) or data URL';
    case 'object':
      return `object: ${Object.keys(entry.fields ?? {})
        .map((f) => `\`${f}\``)
        .join(', ')}`;
  }
}

function rangeText(r: NumericRange): string {
  if (r.above !== undefined) return `above ${r.above}${r.max === undefined ? '' : ` and at most ${r.max}`}`;
  if (r.min !== undefined && r.max !== undefined) return span(r.min, r.max);
  if (r.min !== undefined) return `min ${r.min}`;
  if (r.max !== undefined) return `max ${r.max}`;
  return 'any number';
}

function requestCell(type: LayerType, name: string, entry: PropertyEntry): string {
  const facts = overrideOn(type, name);
  if (facts === null) return '—';
  if (facts.rule !== undefined) return 'yes ([overrides](overrides.md))';
  switch (facts.kind) {
    case 'number':
    case 'integer':
      return facts.values !== undefined ? values(facts.values) : rangeText(facts.range!);
    case 'enum':
      return facts.values === entry.values ? 'the same values' : values(facts.values!);
    case 'text':
      return `${facts.length!.min} to ${facts.length!.max} characters`;
    case 'font':
      return 'a font id (UUID)';
    case 'url':
      return 'an http(s) URL';
    default:
      return 'yes';
  }
}

/** Its spelling in an import payload: the catalogue's `import` mark, or the same name. */
function importCell(entry: PropertyEntry, name: string, parent?: PropertyEntry): string {
  if (entry.onLayer) return `\`${name}\` (on the layer)`;
  const [head, ...rest] = name.split('.');
  const spelled = parent ? [parent.import ?? head, ...rest].join('.') : (entry.import ?? name);
  return `\`${spelled}\``;
}

function row(type: LayerType, name: string, entry: PropertyEntry, parent?: PropertyEntry): string[] {
  const shown = entry.required ? 'required' : entry.default === undefined ? 'optional' : code(entry.default);
  const kind = entry.color === undefined ? entry.kind : `color (${entry.color})`;
  return [`\`${name}\``, importCell(entry, name, parent), shown, kind, designCell(entry), requestCell(type, name, entry), entry.help];
}

/** A table with its columns padded, as the formatter leaves the page's other tables. */
function table(rows: string[][]): string {
  const head = ['Property', 'Import', 'Default', 'Kind', 'Design model', 'Request', 'Meaning'];
  const all = [head, ...rows].map((r) => r.map((c) => c.replaceAll('|', '\\|')));
  const widths = head.map((_, i) => Math.max(...all.map((r) => r[i]!.length)));
  const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(all[0]!), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`, ...all.slice(1).map(line)].join('\n');
}

export function propertyTables(): string {
  const entries = (t: LayerType) => Object.entries(LAYER_PROPERTIES[t] as Record<string, PropertyEntry>);
  // The properties every layer type has, from the same entry: stated once, in "Every layer".
  const shared = entries('text')
    .filter(([name, entry]) => LAYER_TYPES.every((t) => (LAYER_PROPERTIES[t] as Record<string, PropertyEntry>)[name] === entry))
    .map(([name]) => name);
  const out = [
    '"Property" is the name in the stored document, in design reads and in generation requests; "Import" is',
    'its spelling in an import payload (a dotted name sits in a nested object: `shadow.blur` is',
    '`"shadow": {"blur": …}`). Colors marked `solid` never take a gradient; `fill` takes one on every design type; `rgb-fill` on',
    'static and animated designs only. "Request" is what a generation request may send on that layer',
    `type (— : not at all; ${UNTARGETABLE_LAYER_TYPES.join(', ')} layers cannot be targeted); [overrides.md](overrides.md) has the details.`,
    `The box alignments are ${BOX_ALIGNMENTS.map(code).join(', ')}; text layers also take`,
    `${TEXT_ALIGNMENTS.filter((a) => !(BOX_ALIGNMENTS as readonly string[]).includes(a))
      .map(code)
      .join(', ')}.`,
    '',
    '### Every layer',
    '',
    table(shared.map((name) => row('text', name, LAYER_PROPERTIES.text[name as keyof typeof LAYER_PROPERTIES.text]))),
  ];
  for (const type of LAYER_TYPES) {
    out.push('', `### ${type}`, '');
    const rows: string[][] = [];
    for (const [name, entry] of entries(type)) {
      if (shared.includes(name)) continue;
      rows.push(row(type, name, entry));
      for (const [field, sub] of Object.entries(entry.fields ?? {}))
        rows.push(row(type, `${name}.${field}`, { ...sub, override: null }, entry));
    }
    out.push(table(rows));
    const notes = entries(type)
      .filter(([name]) => overrideOn(type, name) !== null && narrowingOf(name) !== '')
      .map(([name]) => `\`${name}\``);
    if (notes.length > 0)
      out.push(
        '',
        `Before the design is loaded, a request's ${notes.join(', ')} meet the widest rule any layer type has; the rule above applies once the layer is known to be ${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}.`,
      );
  }
  return out.join('\n');
}

export function withTables(doc: string): string {
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start < 0 || end < start) throw new Error(`docs/design-format.md has no ${START} … ${END} section`);
  return `${doc.slice(0, start + START.length)}\n${propertyTables()}\n${doc.slice(end)}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes('--write')) writeFileSync(DOC, withTables(readFileSync(DOC, 'utf8')));
  else process.stdout.write(`${propertyTables()}\n`);
}
