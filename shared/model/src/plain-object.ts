/** A JSON object: not null, not an array, not a primitive. The one test of it the model makes. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
