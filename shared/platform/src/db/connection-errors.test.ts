import { describe, expect, it } from 'vitest';
import { isConnectionError } from './connection-errors.js';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isConnectionError', () => {
  it('recognises a restart, a stopped server and a dropped socket', () => {
    expect(isConnectionError(withCode('terminating connection due to administrator command', '57P01'))).toBe(true);
    expect(isConnectionError(withCode('the database system is starting up', '57P03'))).toBe(true);
    expect(isConnectionError(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(true);
    expect(isConnectionError(withCode('read ECONNRESET', 'ECONNRESET'))).toBe(true);
    expect(isConnectionError(withCode('connection failure', '08006'))).toBe(true);
    expect(isConnectionError(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isConnectionError(new AggregateError([new Error('x'), withCode('y', '57P01')], 'several'))).toBe(true);
  });

  it('a wrong query, a constraint or a non-error is not one', () => {
    expect(isConnectionError(withCode('relation "x" does not exist', '42P01'))).toBe(false);
    expect(isConnectionError(withCode('duplicate key value', '23505'))).toBe(false);
    expect(isConnectionError(new Error('boom'))).toBe(false);
    expect(isConnectionError('57P01')).toBe(false);
    expect(isConnectionError(undefined)).toBe(false);
  });
});
