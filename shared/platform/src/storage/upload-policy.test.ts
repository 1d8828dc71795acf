import { describe, expect, it } from 'vitest';
import { POLICY_SIGNATURE_FIELD, signUploadPolicy, verifyUploadPolicy } from './upload-policy.js';

const SECRET = 'a-test-secret';
const NOW = 1_800_000_000_000;
const policy = { key: 'workspaces/w/imports/i/hero.png', expires: NOW / 1000 + 60, maxBytes: 1000, contentType: 'image/png' };

describe('the local form POST policy', () => {
  it('verifies the fields it signed, and names its key, expiry, limit and type', () => {
    const fields = signUploadPolicy(policy, SECRET);
    expect(Object.keys(fields)).toEqual(['key', 'Content-Type', 'policy', POLICY_SIGNATURE_FIELD]);
    expect(verifyUploadPolicy(fields, SECRET, NOW)).toEqual({ status: 'ok', policy });
    // Field names compare case-insensitively, as S3 does.
    const { 'Content-Type': type, ...rest } = fields;
    expect(verifyUploadPolicy({ ...rest, 'content-type': type as string }, SECRET, NOW).status).toBe('ok');
  });

  it('refuses another secret, a changed policy, key or content type, and an expired policy', () => {
    const fields = signUploadPolicy(policy, SECRET);
    expect(verifyUploadPolicy(fields, 'another-secret', NOW)).toEqual({ status: 'bad_signature' });
    const bigger = signUploadPolicy({ ...policy, maxBytes: 10 ** 9 }, 'attacker');
    expect(verifyUploadPolicy({ ...fields, policy: bigger.policy as string }, SECRET, NOW)).toEqual({ status: 'bad_signature' });
    expect(verifyUploadPolicy({ ...fields, key: 'workspaces/x/imports/i/hero.png' }, SECRET, NOW)).toEqual({
      status: 'field_mismatch',
      field: 'key',
    });
    expect(verifyUploadPolicy({ ...fields, 'Content-Type': 'text/html' }, SECRET, NOW)).toEqual({
      status: 'field_mismatch',
      field: 'Content-Type',
    });
    expect(verifyUploadPolicy(fields, SECRET, NOW + 61_000)).toEqual({ status: 'expired', expires: policy.expires });
    const { [POLICY_SIGNATURE_FIELD]: _sig, ...unsigned } = fields;
    expect(verifyUploadPolicy(unsigned, SECRET, NOW)).toEqual({ status: 'bad_signature' });
  });
});
