import { describe, expect, it } from 'vitest';
import { NO_GENERATION_CREDITS } from '../generation/paid-request.js';
import { creditKindsOf, NO_AI_CREDITS_FOR_ROW, planPump, planRowStarts, rowCost, rowFileStem, rowSpendLines } from './pump.js';
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

describe('planRowStarts: the rows of a step start as if opened one by one', () => {
  const price = { credit_per_file: 1, ai_credit_per_operation: 2 };
  const row = (idx: number, files: number, ai = 0) => ({ idx, formats: ['a', 'b', 'c'].slice(0, files), ai_operations: ai });

  it('prices a row per file, and its AI operations per file', () => {
    expect(rowCost(price, row(0, 3, 2))).toEqual({ generation: 3, aiPerFile: 4, ai: 12 });
    expect(rowCost({ credit_per_file: 0, ai_credit_per_operation: 0 }, row(0, 2, 5))).toEqual({ generation: 0, aiPerFile: 0, ai: 0 });
    expect(creditKindsOf([rowCost(price, row(0, 1))])).toEqual(['generation']);
    expect(creditKindsOf([rowCost(price, row(0, 1)), rowCost(price, row(1, 1, 1))])).toEqual(['generation', 'ai']);
    expect(creditKindsOf([rowCost({ credit_per_file: 0, ai_credit_per_operation: 0 }, row(0, 1, 1))])).toEqual([]);
  });

  it('starts every row the credits cover, spending as it goes', () => {
    const plan = planRowStarts(price, [row(0, 1), row(1, 2, 1)], { generation: 3, ai: 4 });
    expect(plan.started.map((s) => [s.row.idx, s.cost])).toEqual([
      [0, { generation: 1, aiPerFile: 0, ai: 0 }],
      [1, { generation: 2, aiPerFile: 2, ai: 4 }],
    ]);
    expect(plan.failed).toEqual([]);
  });

  it('fails a row alone, with its reason, and lets a cheaper row after it start', () => {
    const plan = planRowStarts(price, [row(0, 2), row(1, 1, 2), row(2, 3), row(3, 1, 1), row(4, 1), row(5, 1)], { generation: 4, ai: 2 });
    expect(plan.started.map((s) => s.row.idx)).toEqual([0, 3, 4]);
    expect(plan.failed).toEqual([
      { idx: 1, error: `rate_limit_exceeded: ${NO_AI_CREDITS_FOR_ROW}` },
      { idx: 2, error: `rate_limit_exceeded: ${NO_GENERATION_CREDITS}` },
      { idx: 5, error: `rate_limit_exceeded: ${NO_GENERATION_CREDITS}` },
    ]);
  });

  it('a row that costs nothing starts whatever is left', () => {
    const free = { credit_per_file: 0, ai_credit_per_operation: 0 };
    expect(planRowStarts(free, [row(0, 3, 3)], { generation: 0, ai: 0 }).started).toHaveLength(1);
  });

  it('writes a ledger line per kind a row spends, generation first', () => {
    expect(rowSpendLines({ generation: 2, aiPerFile: 1, ai: 2 }, 'r')).toEqual([
      { kind: 'generation', amount: 2, reason: 'generation', reference: 'r' },
      { kind: 'ai', amount: 2, reason: 'ai_operations', reference: 'r' },
    ]);
    expect(rowSpendLines({ generation: 0, aiPerFile: 0, ai: 0 }, 'r')).toEqual([]);
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
