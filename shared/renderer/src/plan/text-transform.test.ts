import { describe, expect, it } from 'vitest';
import { applyTextTransform } from './text-transform.js';

describe('applyTextTransform', () => {
  it.each([
    ['none', 'hello WORLD', 'hello WORLD'],
    ['uppercase', 'hello World', 'HELLO WORLD'],
    ['lowercase', 'Hello WORLD', 'hello world'],
    ['titlecase', 'hello WORLD of-code', 'Hello World Of-Code'],
    ['capitalize', 'hello WORLD', 'Hello WORLD'],
    ['titlecase', 'élan vital', 'Élan Vital'],
    ['uppercase', 'straße', 'STRASSE'],
  ])('%s: %s → %s', (transform, input, output) => {
    expect(applyTextTransform(input, transform)).toBe(output);
  });
});
