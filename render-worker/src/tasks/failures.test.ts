import { OutboundFetchError } from '@pressroom/model';
import { describe, expect, it } from 'vitest';
import { AssetFetchError, classifyFailure, isDeterministic, RenderRefusedError } from './failures.js';

describe('classifyFailure', () => {
  it.each([
    [new RenderRefusedError('text of layer "title" cannot fit', 'title'), 'refused'],
    [Object.assign(new Error('x'), { code: 'cannot_build_banner' }), 'refused'],
    [new AssetFetchError('http://x/ failed'), 'fetch'],
    [new Error('wrapped', { cause: new OutboundFetchError('forbidden_address', 'no') }), 'fetch'],
    [Object.assign(new Error('x'), { code: 'render_timeout' }), 'timeout'],
    [Object.assign(new Error('x'), { code: 'browser_crashed' }), 'crash'],
    [new Error('cannot_build_banner in the message only'), 'internal'],
    ['a string', 'internal'],
  ])('%s → %s', (error, expected) => {
    expect(classifyFailure(error)).toBe(expected);
  });

  it('records refusals and fetch failures at once, retries the rest', () => {
    expect(['refused', 'fetch', 'timeout', 'crash', 'internal'].filter((c) => isDeterministic(c as never))).toEqual(['refused', 'fetch']);
  });
});
