import { z } from 'zod';
import type { GroupProperties } from '../types.js';
import { SHARED_PROPS } from './shared.js';
import { bool, length, num, oneOf, type PropContext, type PropSpec, radius } from './spec.js';

const maskSchema = (ctx: PropContext) => {
  const n = num(-100000, 100000)();
  return z.strictObject({
    shape: z.enum(['rectangle', 'ellipse']),
    width: length(0, 100000)(ctx).optional(),
    height: length(0, 100000)(ctx).optional(),
    center_x: n.optional(),
    center_y: n.optional(),
    rx: num(0, 100000)().optional(),
    ry: num(0, 100000)().optional(),
    rotation: num(-360, 360)().optional(),
    radius: radius()().optional(),
  });
};

export const GROUP_PROPS = {
  ...SHARED_PROPS,
  locked: { schema: bool(), default: false, help: 'Locked in the editor' },
  auto_layout: { schema: bool(), default: false, help: 'Lay the children out in a row or column' },
  direction: { schema: oneOf(['horizontal', 'vertical']), help: 'Auto-layout direction' },
  placement: { schema: oneOf(['start', 'center', 'end', 'space-between']), help: 'Auto-layout placement' },
  gap: { schema: length(0, 100000), help: 'Auto-layout gap' },
  mask: { schema: maskSchema, help: 'Mask clipping the children' },
} satisfies Record<keyof GroupProperties, PropSpec>;
