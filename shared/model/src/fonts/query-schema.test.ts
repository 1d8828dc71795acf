import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error.js';
import { parseFontQuery } from './query-schema.js';

function failure(raw: unknown): AppError {
  try {
    parseFontQuery(raw);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected parseFontQuery to throw');
}

describe('fontQuerySchema / parseFontQuery', () => {
  it('turns query-string text into typed values', () => {
    expect(parseFontQuery({ name: 'Open Sans', category: 'serif', weight: '700', style: 'italic', page: '2', per_page: '20' })).toEqual({
      name: 'Open Sans',
      category: 'serif',
      weight: 700,
      style: 'italic',
      page: 2,
      per_page: 20,
    });
  });

  it('accepts an empty query and ignores unknown parameters', () => {
    expect(parseFontQuery({})).toEqual({});
    expect(parseFontQuery(undefined)).toEqual({});
    expect(parseFontQuery({ sort: 'name' })).toEqual({});
    expect(parseFontQuery({ name: '' }).name).toBeUndefined();
  });

  it.each([
    [{ weight: '150' }, 'weight', 'invalid_payload'],
    [{ weight: '1000' }, 'weight', 'invalid_payload'],
    [{ weight: 'bold' }, 'weight', 'invalid_payload'],
    [{ category: 'cursive' }, 'category', 'invalid_payload'],
    [{ style: 'oblique' }, 'style', 'invalid_payload'],
    [{ page: 'two' }, 'page', 'invalid_payload'],
    [{ page: '1.5' }, 'page', 'invalid_payload'],
    [{ weight: ['400', '700'] }, 'weight', 'invalid_payload'],
  ])('%j → %s %s', (raw, path, code) => {
    const error = failure(raw);
    expect(error.id).toBe(code);
    expect(error.status).toBe(400);
    expect(error.issues).toEqual([expect.objectContaining({ path, code })]);
  });

  it('reports page and per_page bounds as out_of_range with expected and received', () => {
    const page = failure({ page: '0' });
    expect(page.id).toBe('out_of_range');
    expect(page.issues).toEqual([{ path: 'page', code: 'out_of_range', message: 'must be at least 1', expected: { min: 1 }, received: 0 }]);
    const perPage = failure({ per_page: '201' });
    expect(perPage.issues).toEqual([
      { path: 'per_page', code: 'out_of_range', message: 'must be between 1 and 200', expected: { min: 1, max: 200 }, received: 201 },
    ]);
    expect(failure({ per_page: '0' }).id).toBe('out_of_range');
  });

  it('reports several bad fields at once, as invalid_payload when codes differ', () => {
    const error = failure({ weight: '150', page: '0' });
    expect(error.id).toBe('invalid_payload');
    expect(error.issues?.map((i) => [i.path, i.code])).toEqual([
      ['weight', 'invalid_payload'],
      ['page', 'out_of_range'],
    ]);
  });
});
