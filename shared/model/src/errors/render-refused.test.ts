import { describe, expect, it } from 'vitest';
import { RenderRefusedError } from './render-refused.js';

describe('RenderRefusedError', () => {
  it('is the one refusal class: a text that cannot fit is one too, naming the layer and why', () => {
    const error = RenderRefusedError.textDoesNotFit('title', 'max_lines 2');
    expect(error).toBeInstanceOf(RenderRefusedError);
    expect(error.code).toBe('cannot_build_banner');
    expect(error.layer).toBe('title');
    expect(error.textFitReason).toBe('max_lines 2');
    expect(error.message).toBe('Cannot build the banner: the text of layer "title" does not fit (max_lines 2).');
  });

  it('has no text-fit reason for other refusals', () => {
    expect(new RenderRefusedError('The illustration "x" is not in the lucide library.').textFitReason).toBeNull();
  });
});
