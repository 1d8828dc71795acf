import { AppError, assertPlanAllows, checkFileType } from '@pressroom/model';
import { describe, expect, it } from 'vitest';
import { RETENTION_MS, requestState } from './requests-store.js';

const now = new Date('2026-11-22T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

describe('requestState', () => {
  it.each([
    [{ is_finalized: false, finalized_at: null, created_at: ago(1000), purged_at: null }, 'in_progress'],
    [{ is_finalized: true, finalized_at: ago(1000), created_at: ago(2000), purged_at: null }, 'finalized'],
    [{ is_finalized: true, finalized_at: ago(RETENTION_MS - 1000), created_at: ago(RETENTION_MS + 5000), purged_at: null }, 'finalized'],
    [{ is_finalized: true, finalized_at: ago(RETENTION_MS + 1000), created_at: ago(RETENTION_MS + 2000), purged_at: null }, 'gone'],
    [{ is_finalized: false, finalized_at: null, created_at: ago(RETENTION_MS + 1000), purged_at: null }, 'gone'],
    [{ is_finalized: true, finalized_at: ago(1000), created_at: ago(2000), purged_at: ago(10) }, 'gone'],
  ] as const)('%o → %s', (row, expected) => {
    expect(requestState(row, now)).toBe(expected);
  });
});

describe('checkFileType', () => {
  it('accepts the design type row and refuses the rest with invalid_filetype', () => {
    expect(checkFileType('static', 'AVIF')).toEqual({ ok: true, value: 'avif' });
    expect(checkFileType('static', 'jpg')).toEqual({ ok: true, value: 'jpeg' });
    for (const [designType, fileType] of [
      ['static', 'gif'],
      ['printer', 'png'],
      ['animated', 'jpeg'],
    ] as const) {
      const checked = checkFileType(designType, fileType);
      expect(checked.ok).toBe(false);
      if (!checked.ok) expect(checked.error.issues?.[0]).toMatchObject({ path: 'image_file_type', code: 'invalid_filetype' });
    }
  });
});

describe('assertPlanAllows', () => {
  it('lets basic render static only, and pro everything', () => {
    expect(() => assertPlanAllows('basic', 'static')).not.toThrow();
    for (const type of ['animated', 'printer', 'printer_multipage'] as const) {
      expect(() => assertPlanAllows('basic', type)).toThrow(AppError);
      expect(() => assertPlanAllows('pro', type)).not.toThrow();
    }
    try {
      assertPlanAllows('basic', 'animated');
    } catch (e) {
      expect([(e as AppError).id, (e as AppError).status]).toEqual(['feature_not_in_plan', 429]);
    }
  });
});
