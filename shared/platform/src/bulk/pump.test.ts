import { describe, expect, it } from 'vitest';
import { planPump, rowFileStem } from './pump.js';
import { resultHeader, resultLine } from './results.js';

const open = { status: 'running' as const, finished_at: null, result_key: null };

describe('planPump: the runner keeps a window of rows open', () => {
  it('fills the window from the pending rows, never past it', () => {
    expect(planPump(open, { queued: 0, pending: 100 }, 32)).toEqual({ start: 32 });
    expect(planPump(open, { queued: 30, pending: 100 }, 32)).toEqual({ start: 2 });
    expect(planPump(open, { queued: 32, pending: 100 }, 32)).toEqual({ start: 0 });
    expect(planPump(open, { queued: 0, pending: 5 }, 32)).toEqual({ start: 5 });
  });
  it('finishes once nothing is pending or open, and a cancelled run once its open rows end', () => {
    expect(planPump(open, { queued: 0, pending: 0 }, 32)).toEqual({ finish: true });
    expect(planPump({ ...open, status: 'cancelled' }, { queued: 3, pending: 0 }, 32)).toEqual({ start: 0 });
    expect(planPump({ ...open, status: 'cancelled' }, { queued: 0, pending: 0 }, 32)).toEqual({ finish: true });
  });
  it('does nothing for a run whose results are written', () => {
    expect(planPump({ ...open, result_key: 'k' }, { queued: 0, pending: 0 }, 32)).toEqual({ gone: true });
  });
});

describe('rowFileStem and the result CSV lines', () => {
  it('names a file by _file_name or by its row, with the format when the row makes several', () => {
    expect(rowFileStem({ idx: 41, file_name: null, formats: ['square'] }, 'square')).toBe('row-00042');
    expect(rowFileStem({ idx: 0, file_name: 'ad', formats: ['square', 'story'] }, 'story')).toBe('ad-story');
  });
  it('repeat the input columns, then status, error and one URL per format', () => {
    const run = { headers: ['title.payload', 'n'], formats: ['square', 'story'] };
    expect(resultHeader(run)).toEqual(['title.payload', 'n', '_status', '_error', '_file_url:square', '_file_url:story']);
    expect(resultHeader({ ...run, formats: ['square'] })).toEqual(['title.payload', 'n', '_status', '_error', '_file_url']);
    expect(resultLine(run, { cells: ['Hi', 3], status: 'done', error: null }, new Map([['story', 'https://s']]))).toEqual([
      'Hi',
      '3',
      'done',
      '',
      '',
      'https://s',
    ]);
  });
});
