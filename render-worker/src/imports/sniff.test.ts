import { describe, expect, it } from 'vitest';
import { bytesMatch, sniffFamilies } from './sniff.js';

const png = Buffer.from('89504e470d0a1a0a0000', 'hex');
const jpeg = Buffer.from('ffd8ffe000104a464946', 'hex');

describe('sniffFamilies', () => {
  it('knows images, fonts and ISO media by signature', () => {
    expect(sniffFamilies(png)).toEqual(['image']);
    expect(sniffFamilies(jpeg)).toEqual(['image']);
    expect(sniffFamilies(Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>'))).toEqual(['image']);
    expect(sniffFamilies(Buffer.from('wOF2\u0000\u0001'))).toEqual(['font']);
    expect(sniffFamilies(Buffer.from('\u0000\u0000\u0000\u0018ftypisom'))).toEqual(['video', 'audio']);
    expect(sniffFamilies(Buffer.from('\u0000\u0000\u0000\u0018ftypavif'))).toEqual(['image']);
  });

  it('refuses unknown bytes and family mismatches', () => {
    expect(sniffFamilies(Buffer.from('hello world'))).toBeNull();
    expect(bytesMatch('image/png', Buffer.from('hello world'))).toBe(false);
    expect(bytesMatch('font/woff2', png)).toBe(false);
    expect(bytesMatch('image/jpeg', png)).toBe(true);
    expect(bytesMatch('application/zip', png)).toBe(false);
  });
});
