/** Text content and attribute values: the design's text must never become markup. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A CSS `url("…")` whose value cannot close the string or the declaration. */
export function cssUrl(url: string): string {
  return `url("${url.replace(/["\\\n\r]/g, (c) => `\\${c.charCodeAt(0).toString(16)} `)}")`;
}

/** A `style` attribute from declarations, skipping null ones. */
export function style(decls: Record<string, string | number | null | undefined>): string {
  const body = Object.entries(decls)
    .filter(([, v]) => v !== null && v !== undefined && v !== '')
    .map(([k, v]) => `${k}:${typeof v === 'number' ? `${round(v)}px` : v}`)
    .join(';');
  return ` style="${escapeHtml(body)}"`;
}

export function px(n: number): string {
  return `${round(n)}px`;
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}
