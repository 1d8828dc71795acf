import { describe, expect, it } from 'vitest';
import { substituteVariables } from './variables.js';

describe('substituteVariables', () => {
  it('replaces single-brace placeholders from vars', () => {
    expect(substituteVariables('Hi {first_name}!', { first_name: '{first_name}' }, { first_name: 'Ada' })).toBe('Hi Ada!');
  });
  it('replaces double-brace placeholders whole', () => {
    expect(substituteVariables('Hi {{name}}', {}, { name: 'Ada' })).toBe('Hi Ada');
  });
  it('keeps a placeholder without a value', () => {
    expect(substituteVariables('Hi {name} {other}', { name: '{name}', other: '{other}' }, { name: 'Ada' })).toBe('Hi Ada {other}');
  });
  it('does not re-expand a value that looks like a placeholder', () => {
    expect(substituteVariables('{a} {b}', {}, { a: '{b}', b: 'x' })).toBe('{b} x');
  });
  it('treats regex characters in names literally', () => {
    expect(substituteVariables('{a-b} {a.b}', {}, { 'a-b': '1' })).toBe('1 {a.b}');
  });
});
