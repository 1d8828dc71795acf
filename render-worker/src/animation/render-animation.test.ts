import type { AnimatedDesign, DesignElement } from '@pressroom/shared/design/types';
import { describe, expect, it } from 'vitest';
import { classifyFailure } from '../tasks/failures.js';
import { assertNoMediaLayers } from './render-animation.js';

const design = (elements: Partial<DesignElement>[]) => ({ elements }) as unknown as AnimatedDesign;
const none = { layers: {}, vars: {} };

describe('assertNoMediaLayers', () => {
  it('refuses a shown video or audio layer, naming it, as a deterministic refusal', () => {
    for (const type of ['video', 'audio'] as const) {
      let error: unknown;
      try {
        assertNoMediaLayers(design([{ name: 'clip', type, properties: {} } as Partial<DesignElement>]), none);
      } catch (e) {
        error = e;
      }
      expect((error as Error).message).toContain('"clip"');
      expect(classifyFailure(error)).toBe('refused');
    }
  });

  it('lets a design through when its media layers are hidden, by the design or by the request', () => {
    const hiddenInDesign = design([{ name: 'a', type: 'audio', properties: { hidden: true } } as Partial<DesignElement>]);
    expect(() => assertNoMediaLayers(hiddenInDesign, none)).not.toThrow();
    const hiddenByRequest = design([{ name: 'v', type: 'video', properties: {} } as Partial<DesignElement>]);
    expect(() => assertNoMediaLayers(hiddenByRequest, { layers: { v: { hidden: true } }, vars: {} })).not.toThrow();
    expect(() => assertNoMediaLayers(design([{ name: 't', type: 'text', properties: {} } as Partial<DesignElement>]), none)).not.toThrow();
  });
});
