import { z } from 'zod';

/** Key of the zod metadata that carries a schema's documented JSON Schema. */
export const DOCUMENTED_KEY = 'x-pressroom-documented';

/**
 * Attaches the JSON Schema that OpenAPI shows for `schema`, where zod cannot derive it: a value
 * checked in a transform or a refinement (trimmed names, comma-joined lists, UUIDs parsed by
 * hand). Validation stays with zod; the document says what that validation accepts, so contract
 * testers generate values the API takes. Keep both in one place, next to each other.
 */
export function documented<T extends z.ZodType>(schema: T, jsonSchema: Record<string, unknown>): T {
  return schema.meta({ [DOCUMENTED_KEY]: jsonSchema }) as T;
}

/** The JSON Schema of a UUID exactly as `z.uuid()` checks it. */
export const UUID_JSON_SCHEMA: Record<string, unknown> = (() => {
  const { $schema: _ignored, ...schema } = z.toJSONSchema(z.uuid()) as Record<string, unknown>;
  return schema;
})();

/**
 * A comma-joined list of values each matching `item` (a regex source without anchors), as the
 * list parser reads it: items are trimmed and empty ones dropped, so an empty value is no filter.
 */
export function commaListPattern(item: string): string {
  return `^\\s*(${item})?\\s*(,\\s*(${item})?\\s*)*$`;
}
