/**
 * `titlecase` capitalises every word and lowers the rest ("hello WORLD" → "Hello World");
 * `capitalize` only raises the first letter of each word and keeps the rest as written, like CSS.
 * Done here rather than in CSS so the fitting script measures the final text, and so titlecase
 * (which CSS lacks) behaves like the others.
 */
export function applyTextTransform(text: string, transform: string): string {
  switch (transform) {
    case 'uppercase':
      return text.toUpperCase();
    case 'lowercase':
      return text.toLowerCase();
    case 'titlecase':
      return text.toLowerCase().replace(/(^|[\s\-–—/("'“‘])(\p{L})/gu, (_, sep: string, ch: string) => sep + ch.toUpperCase());
    case 'capitalize':
      return text.replace(/(^|[\s\-–—/("'“‘])(\p{L})/gu, (_, sep: string, ch: string) => sep + ch.toUpperCase());
    default:
      return text;
  }
}
