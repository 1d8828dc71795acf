import type { ImportRow } from '@pressroom/platform';
import { describe, expect, it } from 'vitest';
import { effectiveStatus, serializeImport, serializeImportSummary } from './imports-record.js';

const now = new Date('2026-11-22T10:00:00Z');
const row = (over: Partial<ImportRow> = {}): ImportRow => ({
  id: 'i1',
  name: 'Card',
  status: 'WAITING_FOR_VALIDATION',
  target_kind: 'design',
  target_category_id: null,
  upload_expires_at: new Date(now.getTime() + 60_000),
  created_at_ts: 1,
  validated_at_ts: null,
  warnings: [{ code: 'color_converted', message: 'm' }],
  error: null,
  result: null,
  ...over,
});

describe('import record', () => {
  it('reads an unvalidated import past its window as FAILED with the uploads error and no validate link', () => {
    const expired = row({ upload_expires_at: new Date(now.getTime() - 1) });
    expect(effectiveStatus(expired, now)).toBe('FAILED');
    const read = serializeImport(expired, 'http://x', now);
    expect(read).toMatchObject({ status: 'FAILED', next_check_after_ms: null, error: { path: 'uploads', code: 'missing_assets' } });
    expect(read.links).toEqual({ status: 'http://x/designs/import/json/i1' });
    // A validated import is never expired by its window.
    expect(effectiveStatus(row({ status: 'QUEUED', upload_expires_at: new Date(0) }), now)).toBe('QUEUED');
  });

  it('polls every 2 s until terminal; dashboard on a template from creation, on a design once DONE', () => {
    expect(serializeImport(row(), 'http://x', now).next_check_after_ms).toBe(2000);
    expect(serializeImport(row(), 'http://x', now).links.dashboard).toBeUndefined();
    expect(serializeImport(row({ target_kind: 'workspace_template' }), 'http://x', now).links.dashboard).toBe(
      'http://x/workspace-templates',
    );
    const done = row({ status: 'DONE', result: { kind: 'design', uuid: 'd1', project_uuid: 'p1' } });
    expect(serializeImport(done, 'http://x', now)).toMatchObject({
      next_check_after_ms: null,
      links: { dashboard: 'http://x/designs/d1' },
      result: { uuid: 'd1' },
    });
  });

  it('summaries count warnings and leave out warnings and error', () => {
    const s = serializeImportSummary(row(), 'http://x', now);
    expect(s.warning_count).toBe(1);
    expect('warnings' in s || 'error' in s).toBe(false);
  });
});
