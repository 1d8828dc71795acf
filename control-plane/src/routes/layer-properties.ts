import { DESIGN_TYPES, describeLayerProperties } from '@pressroom/model';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineRoute } from '../http/route.js';

const scalar = z.union([z.string(), z.number()]);

/** One property of one layer type, as `describeLayerProperties` states it (docs/api.md). */
const descriptor = z.object({
  name: z.string().describe('The property name; `mask_properties.skew_y` for a field of an object property.'),
  kind: z.enum(['number', 'integer', 'boolean', 'enum', 'text', 'color', 'font', 'url', 'object']),
  values: z.array(scalar).optional().describe('kind enum: the values the design model takes.'),
  min: z.number().optional().describe('kind number/integer: the lower bound of the design range.'),
  max: z.number().optional().describe('kind number/integer: the upper bound of the design range.'),
  import: z
    .object({ min: z.number(), max: z.number(), integer: z.literal(true).optional(), circular: z.literal(true).optional() })
    .optional()
    .describe(
      'kind number/integer: the narrower bound an import or a document PUT takes, where the design range is wider (integer: whole numbers only; circular: the bound is one turn, its ends the same value, as a rotation’s 0 and 360).',
    ),
  override: z
    .object({ min: z.number().optional(), max: z.number().optional(), values: z.array(scalar).optional() })
    .nullable()
    .describe('What a generation request may send on this layer type; null when it cannot set the property.'),
  default: z.unknown().optional().describe('What a layer that does not set the property is drawn with.'),
  color: z.enum(['solid', 'fill', 'rgb-fill']).optional().describe('kind color: where a gradient is accepted.'),
  help: z.string(),
});

/**
 * The layer-property catalogue over HTTP (a Pressroom extension for the web console, which picks
 * a control per property): the properties of every layer type a design type allows.
 */
export function layerPropertyRoutes(app: FastifyInstance): void {
  defineRoute(app, {
    method: 'GET',
    url: '/layer-properties',
    operationId: 'listLayerProperties',
    summary:
      'Pressroom extension: every property of every layer type a design type allows, with its kind, values or range, default and what a request may override.',
    tag: 'Designs (Pressroom extension)',
    tier: 'read',
    query: z.object({ type: z.enum(DESIGN_TYPES).describe('The design type.') }),
    response: {
      status: 200,
      schema: z.object({ design_type: z.enum(DESIGN_TYPES), layers: z.record(z.string(), z.array(descriptor)) }),
    },
    handler: async ({ query }) => ({ design_type: query.type, layers: describeLayerProperties(query.type) }),
  });
}
