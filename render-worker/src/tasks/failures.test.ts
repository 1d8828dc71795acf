import { OutboundFetchError } from '@pressroom/model';
import { describe, expect, it } from 'vitest';
import { AssetFetchError, classifyFailure, isDesignFault, RenderRefusedError } from './failures.js';

describe('classifyFailure', () => {
  it.each([
    [new RenderRefusedError('text of layer "title" cannot fit', 'title'), 'refused'],
    [Object.assign(new Error('x'), { code: 'cannot_build_banner' }), 'refused'],
    [new AssetFetchError('http://x/ failed'), 'fetch'],
    [new Error('wrapped', { cause: new OutboundFetchError('forbidden_address', 'no') }), 'fetch'],
    [Object.assign(new Error('x'), { code: 'render_timeout' }), 'timeout'],
    [Object.assign(new Error('x'), { code: 'browser_crashed' }), 'crash'],
    [Object.assign(new Error('x'), { code: 'supervisor_stopped' }), 'internal'],
    [new Error('cannot_build_banner in the message only'), 'internal'],
    ['a string', 'internal'],
  ])('%s → %s', (error, expected) => {
    expect(classifyFailure(error)).toBe(expected);
  });

  const CLASSES = ['refused', 'fetch', 'timeout', 'crash', 'internal'] as const;
  it('records refusals, fetch failures and crashes (already retried in quarantine) at once, retries the rest', () => {
    expect(CLASSES.filter((c) => isDesignFault(c, 1))).toEqual(['refused', 'fetch', 'crash']);
  });

  it("a render that ran out its deadline is the design's fault after one retry, however many attempts are left", () => {
    expect(CLASSES.filter((c) => isDesignFault(c, 2))).toEqual(['refused', 'fetch', 'timeout', 'crash']);
    expect(isDesignFault('internal', 5)).toBe(false);
  });
});
