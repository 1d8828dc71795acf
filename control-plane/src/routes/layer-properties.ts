import { DESIGN_TYPES, describeLayerProperties, LAYER_TYPES } from '@pressroom/model';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineRoute } from '../http/route.js';

const value = z.union([z.string(), z.number()]);

const descriptor = z.object({
  name: z.string().describe('The property name; `parent.field` for a numeric field of an object property.'),
  kind: z.enum(['number', 'integer', 'boolean', 'enum', 'text', 'color', 'font', 'url', 'object']),
  values: z.array(value).optional().describe('Kind enum: the values the design model takes.'),
  min: z.number().optional().describe('Kind number/integer: the lower bound of the design range.'),
  max: z.number().optional().describe('Kind number/integer: the upper bound of the design range.'),
  override: z
    .object({ min: z.number().optional(), max: z.number().optional(), values: z.array(value).optional() })
    .nullable()
    .describe('What a generation request may send for it; null: not overridable.'),
  default: z.unknown().optional().describe('The value a layer that does not set it is drawn with.'),
  color: z
    .enum(['solid', 'fill', 'rgb-fill'])
    .optional()
    .describe('Kind color: solid takes no gradient; fill always; rgb-fill on RGB designs.'),
  help: z.string(),
});

const query = z.object({ type: z.enum(DESIGN_TYPES).describe('The design type whose layer types are described.') });

/**
 * The properties of each layer type, with the kind of control each needs (a Pressroom extension
 * for the web console's playground; docs/api.md). Pure data of the model: no database.
 */
export function layerPropertyRoutes(app: FastifyInstance): void {
  defineRoute(app, {
    method: 'GET',
    url: '/layer-properties',
    operationId: 'listLayerProperties',
    summary:
      'The properties of each layer type a design type allows: kind, design range or values, override bounds (null: not overridable), default and help.',
    tag: 'Designs (Pressroom extension)',
    tier: 'read',
    query,
    response: {
      status: 200,
      schema: z.object({
        design_type: z.enum(DESIGN_TYPES),
        layers: z.partialRecord(z.enum(LAYER_TYPES), z.array(descriptor)),
      }),
    },
    handler: async ({ query: { type } }) => ({ design_type: type, layers: describeLayerProperties(type) }),
  });
}
