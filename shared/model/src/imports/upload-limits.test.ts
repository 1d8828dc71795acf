import { describe, expect, it } from 'vitest';
import { UPLOAD_CEILING_BYTES, uploadMaxBytes } from './upload-limits.js';

describe('upload limits', () => {
  it('is 20 MB for images, 500 MB for print images and animated media, and the ceiling is the largest', () => {
    expect(uploadMaxBytes('static', 'image/png')).toBe(20_000_000);
    expect(uploadMaxBytes('animated', 'image/jpeg')).toBe(20_000_000);
    expect(uploadMaxBytes('printer', 'image/tiff')).toBe(500_000_000);
    expect(uploadMaxBytes('printer_multipage', 'image/png')).toBe(500_000_000);
    expect(uploadMaxBytes('animated', 'video/mp4')).toBe(500_000_000);
    expect(uploadMaxBytes('static', undefined)).toBe(20_000_000);
    expect(UPLOAD_CEILING_BYTES).toBe(500_000_000);
  });
});
