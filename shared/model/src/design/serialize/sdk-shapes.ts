/**
 * The SDK response models (abyssale `_generated.py` / `models.py`) restated as strict zod
 * schemas, stated once for two readers: the control plane documents its design, format,
 * listing and workspace-template responses with them (/openapi.json), and the serializer tests
 * parse what the serializers produce with them, so a serializer that renames, drops or mistypes
 * a field, or the document that says otherwise, fails a test. Strict: an unexpected key is a
 * failure too (the SDK tolerates extras, but we want to know).
 */
import { z } from 'zod';
import { layerTypesFor } from '../../properties/design-tables.js';
import { DESIGN_TYPES, LAYER_TYPES } from '../../properties/layer-types.js';

const uuid = z.string().regex(/^[0-9a-f-]{36}$/i);
const url = z.string().url();
const int = z.number().int();
const values = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.record(z.string(), z.unknown())]));
const layout = z.strictObject({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });
const groupLayout = z.strictObject({
  auto_layout: z.boolean(),
  direction: z.string().optional(),
  placement: z.string().optional(),
  gap: z.number().optional(),
});
/** A group's auto-layout in one format (`groupLayout`). */
export type GroupLayout = z.output<typeof groupLayout>;
const radius = z.union([z.number(), z.strictObject({ tl: z.number(), tr: z.number(), br: z.number(), bl: z.number() })]);
const groupMask = z.strictObject({
  shape: z.string(),
  width: z.number().optional(),
  height: z.number().optional(),
  center_x: z.number().optional(),
  center_y: z.number().optional(),
  rx: z.number().optional(),
  ry: z.number().optional(),
  rotation: z.number().optional(),
  radius: radius.optional(),
});
/** `container` (the design's own root wrapper) and the layer types (a read never shows another). */
const elementType = z.enum(['container', ...LAYER_TYPES]);

const designBase = {
  id: uuid,
  name: z.string(),
  type: z.enum(DESIGN_TYPES),
  created_at: int,
  updated_at: int,
  project_id: uuid.nullable(),
  project_name: z.string().nullable(),
  category_id: uuid.nullable(),
  category_name: z.string().nullable(),
};

export const DesignFormat = z.strictObject({
  id: z.string(),
  uid: uuid,
  width: z.number(),
  height: z.number(),
  unit: z.string(),
  preview_url: url.optional(),
  dynamic_image_url: url.optional(),
  dpi: int.optional(),
  bleed_size: z.number().optional(),
  safe_size: z.number().optional(),
});

export const DesignElement = z.strictObject({
  name: z.string(),
  type: elementType,
  layout: z.record(z.string(), layout),
  layer_ids: z.array(z.string()).optional(),
  hidden: z.record(z.string(), z.boolean()).optional(),
  locked: z.record(z.string(), z.boolean()).optional(),
  group: z.record(z.string(), groupLayout).optional(),
  mask: z.record(z.string(), groupMask).optional(),
  animation: z
    .strictObject({
      start_at_s: z.number().nullable(),
      end_at_s: z.number().nullable(),
      tweens: z
        .array(
          z.strictObject({
            id: z.string(),
            type: z.enum(['slide', 'fade', 'scale', 'rotate', 'audioFade', 'textEffect']),
            keyframes: z.array(
              z.strictObject({
                attr: z.record(z.string(), z.union([z.number(), z.string()])),
                data: z.strictObject({ time: z.number() }),
                easing: z.string(),
              }),
            ),
          }),
        )
        .optional(),
    })
    .optional(),
  attributes: z.array(z.strictObject({ id: z.string(), help: z.string(), values })),
});
export type DesignElement = z.output<typeof DesignElement>;

export const DesignAnimation = z.strictObject({ duration: z.number().nullable(), screenshot_at_s: z.number().nullable() });

export const DesignDetail = z.strictObject({
  ...designBase,
  template_id: uuid,
  formats: z.array(DesignFormat),
  elements: z.array(DesignElement),
  variables: z.record(z.string(), z.string()),
  animation: DesignAnimation.optional(),
});
export type DesignDetail = z.output<typeof DesignDetail>;

const attributeValue = z.union([z.string(), z.number(), z.boolean(), z.record(z.string(), z.unknown())]);

/** What a flattened element says of its group, if it is one (a page's or a format's element). */
const flatGroup = {
  layer_ids: z.array(z.string()).optional(),
  hidden: z.boolean().optional(),
  locked: z.boolean().optional(),
  group: groupLayout.optional(),
  mask: groupMask.optional(),
};
const attribute = z.strictObject({ id: z.string(), help: z.string(), value: attributeValue });

export const DesignPageElement = z.strictObject({
  name: z.string(),
  type: z.enum(['container', ...layerTypesFor('printer_multipage')]),
  settings: z.strictObject({ is_mandatory: z.boolean() }),
  attributes: z.record(z.string(), attribute),
  layout,
  ...flatGroup,
});
export type DesignPageElement = z.output<typeof DesignPageElement>;

export const MultipageDetail = z.strictObject({
  ...designBase,
  template_id: uuid,
  pages: z.array(
    z.strictObject({
      id: z.string().regex(/^page_\d+$/),
      width: z.number(),
      height: z.number(),
      unit: z.enum(['mm', 'in']),
      preview_url: url.optional(),
    }),
  ),
  elements_per_page: z.record(z.string(), z.array(DesignPageElement)),
  dpi: int,
  bleed_size: z.number(),
  safe_size: z.number(),
});
export type MultipageDetail = z.output<typeof MultipageDetail>;

export const DesignFormatElement = z.strictObject({
  name: z.string(),
  type: elementType,
  settings: z.strictObject({ is_mandatory: z.boolean() }),
  attributes: z.array(attribute),
  layout,
  ...flatGroup,
  animation: z.strictObject({ start_at_s: z.number().nullable(), end_at_s: z.number().nullable() }).optional(),
});
export type DesignFormatElement = z.output<typeof DesignFormatElement>;

export const DesignFormatDetail = DesignFormat.extend({
  animation: DesignAnimation.optional(),
  design: z.strictObject({
    type: z.enum(DESIGN_TYPES),
    category_name: z.string().nullable(),
    id: uuid,
    name: z.string(),
    created_at: int,
    updated_at: int,
  }),
  elements: z.array(DesignFormatElement),
  variables: z.record(z.string(), z.string()),
});
export type DesignFormatDetail = z.output<typeof DesignFormatDetail>;

export const DesignListItem = z.strictObject({ ...designBase, preview_url: url.optional() });

export const WorkspaceTemplate = z.strictObject({
  id: uuid,
  name: z.string(),
  type: z.enum(DESIGN_TYPES),
  created_at: int,
  updated_at: int,
  preview_url: url,
  category_id: uuid.nullable(),
  category_name: z.string().nullable(),
});

export const WorkspaceTemplateCategory = z.strictObject({
  id: uuid,
  name: z.string(),
  color: z.string(),
  icon: z.string(),
  created_at: int,
});

export const DuplicationRequest = z.strictObject({ duplication_request_id: uuid });

export const DuplicationRequestStatus = z.strictObject({
  request_id: uuid,
  status: z.enum(['INIT', 'IN_PROGRESS', 'ERROR', 'COMPLETED']),
  created_at_ts: int,
  completed_at_ts: int.nullable(),
  errored_at_ts: int.nullable(),
  target_project: z.strictObject({ id: uuid, name: z.string(), created_at_ts: int }),
  designs: z.array(z.strictObject({ original_design_id: uuid, target_design_id: uuid, target_design_name: z.string() })),
});

export const DesignNameResult = z.strictObject({ id: uuid, name: z.string() });
