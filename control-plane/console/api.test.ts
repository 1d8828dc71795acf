import { describe, expect, it } from 'vitest';
// The console's API client (api.ts): which errors of the key check sign out.
import { ApiError, keyRefused } from './api.js';

describe('console key check', () => {
  it('signs out only on a refused key, never because the farm could not answer the check now', () => {
    expect(keyRefused(new ApiError(401, { id: 'unauthorized', message: 'Unknown key.' }))).toBe(true);
    expect(keyRefused(new ApiError(401, { id: 'api_access_denied', message: 'No API access.' }))).toBe(true);
    // A spent read budget, a restarting farm, or no farm at all say nothing about the key.
    expect(keyRefused(new ApiError(429, { id: 'request_rate_limited', message: 'Rate limit reached.' }))).toBe(false);
    expect(keyRefused(new ApiError(503, { id: 'unavailable', message: 'Starting.' }))).toBe(false);
    expect(keyRefused(new Error('The farm could not be reached.'))).toBe(false);
  });
});
