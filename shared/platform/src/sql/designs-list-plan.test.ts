import { describe, expect, it } from 'vitest';
import { likeContains, planDesignList } from './designs-list-plan.js';

describe('planDesignList', () => {
  it('one clause per query word, each in the design or the project name', () => {
    const p = planDesignList({ query: ' summer  sale ', sort: 'name' });
    expect(p.params).toEqual(['%summer%', '%sale%']);
    expect(p.where).toContain('(d.name ILIKE $2 OR p.name ILIKE $2)');
    expect(p.where).toContain('(d.name ILIKE $3 OR p.name ILIKE $3)');
  });

  it('puts orientation, size and format on one frame', () => {
    const p = planDesignList({ orientation: 'portrait', sizes: [{ width: 210, height: 297 }], formats: ['a4'], sort: 'name' });
    expect(p.where.match(/EXISTS/g)).toHaveLength(1);
    expect(p.where).toContain('fr.height > fr.width AND (');
    expect(p.params).toEqual([210, 297, ['a4']]);
  });

  it('orders by name ascending, dates descending by default, with a stable tiebreak', () => {
    expect(planDesignList({ sort: 'name' }).orderBy).toBe('lower(d.name) ASC, d.name ASC, d.id');
    expect(planDesignList({ sort: 'updated' }).orderBy).toBe('d.updated_at DESC, d.id');
    expect(planDesignList({ sort: 'created', order: 'asc' }).orderBy).toBe('d.created_at ASC, d.id');
  });

  it('escapes LIKE wildcards', () => {
    expect(likeContains('50%_off')).toBe('%50\\%\\_off%');
  });
});
