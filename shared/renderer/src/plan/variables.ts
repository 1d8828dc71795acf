/**
 * Replaces design variables in a text. docs/design-format.md writes a placeholder as the name in curly braces
 * (`{first_name}`); the design's `variables` map holds each placeholder exactly as written, and
 * `{{name}}` is accepted too since editors commonly produce it. Values come from the request's
 * `vars`; a variable without a value keeps its placeholder so the gap is visible, not silent.
 */
export function substituteVariables(text: string, declared: Record<string, string>, values: Record<string, string>): string {
  if (!text.includes('{')) return text;
  const byPlaceholder = new Map<string, string>();
  for (const [name, value] of Object.entries(values)) {
    const written = declared[name];
    if (written !== undefined) byPlaceholder.set(written, value);
    byPlaceholder.set(`{{${name}}}`, value);
    byPlaceholder.set(`{${name}}`, value);
  }
  if (byPlaceholder.size === 0) return text;
  // Longest first so `{{name}}` is replaced whole rather than leaving stray braces.
  const keys = [...byPlaceholder.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp);
  return text.replace(new RegExp(keys.join('|'), 'g'), (m) => byPlaceholder.get(m) ?? m);
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
