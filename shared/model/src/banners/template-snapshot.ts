import { z } from 'zod';

/**
 * The design as a generated file remembers it (`banners.template`, a JSON column): written when
 * the file is recorded, read back for the Banner resource's `template`. Unix seconds.
 */
export const templateSnapshotSchema = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.number(),
  updated_at: z.number(),
});
export type TemplateSnapshot = z.infer<typeof templateSnapshotSchema>;
