import { describe, expect, it } from 'vitest';
import { contentDisposition, type ObjectUrlGrant, signObjectUrl, verifyObjectUrl } from './url-signing.js';

const secret = 'test-secret';
const now = 1_800_000_000_000;
const key = 'workspaces/w/banners/b/card.png';
const grant: ObjectUrlGrant = { method: 'GET', key, expires: now / 1000 + 60, filename: 'Card é.png' };

function asRecord(query: URLSearchParams): Record<string, unknown> {
  return Object.fromEntries(query.entries());
}

describe('signObjectUrl / verifyObjectUrl', () => {
  it('accepts its own URL, from URLSearchParams or a parsed query object', () => {
    const query = signObjectUrl(grant, secret);
    expect(verifyObjectUrl(key, query, secret, now)).toEqual({ status: 'ok', grant: { ...grant, contentType: undefined } });
    expect(verifyObjectUrl(key, asRecord(query), secret, now).status).toBe('ok');
  });

  it('is expired at the expiry second, and only then', () => {
    const query = signObjectUrl(grant, secret);
    expect(verifyObjectUrl(key, query, secret, grant.expires * 1000 - 1).status).toBe('ok');
    expect(verifyObjectUrl(key, query, secret, grant.expires * 1000)).toEqual({ status: 'expired', expires: grant.expires });
  });

  it('refuses any change to key, expiry, file name, secret or signature', () => {
    const query = signObjectUrl(grant, secret);
    const tamper = (name: string, value: string | null) => {
      const q = new URLSearchParams(query);
      if (value === null) q.delete(name);
      else q.set(name, value);
      return verifyObjectUrl(key, q, secret, now).status;
    };
    expect(verifyObjectUrl(`${key}x`, query, secret, now).status).toBe('bad_signature');
    expect(verifyObjectUrl(key, query, 'other', now).status).toBe('bad_signature');
    expect(tamper('expires', String(grant.expires + 1))).toBe('bad_signature');
    expect(tamper('filename', 'evil.html')).toBe('bad_signature');
    expect(tamper('filename', null)).toBe('bad_signature');
    expect(tamper('sig', 'AAAA')).toBe('bad_signature');
    expect(tamper('sig', null)).toBe('bad_signature');
    expect(tamper('expires', 'soon')).toBe('bad_signature');
    // an expired URL whose expiry was pushed forward is forged, not expired
    expect(verifyObjectUrl(key, query, secret, now + 3600_000).status).toBe('expired');
  });

  it('refuses repeated parameters', () => {
    const query = signObjectUrl(grant, secret);
    const record = { ...asRecord(query), filename: ['a', 'b'] };
    expect(verifyObjectUrl(key, record, secret, now).status).toBe('bad_signature');
    const params = new URLSearchParams(query);
    params.append('sig', params.get('sig') ?? '');
    expect(verifyObjectUrl(key, params, secret, now).status).toBe('bad_signature');
  });

  it('binds the method: a download URL never authorises an upload, nor the reverse', () => {
    const get = signObjectUrl(grant, secret);
    expect(verifyObjectUrl(key, get, secret, now, { method: 'PUT' }).status).toBe('bad_signature');
    const put = signObjectUrl({ method: 'PUT', key, expires: grant.expires, contentType: 'image/png' }, secret);
    expect(put.get('method')).toBe('PUT');
    expect(verifyObjectUrl(key, put, secret, now).status).toBe('bad_signature');
    expect(verifyObjectUrl(key, put, secret, now, { method: 'PUT', contentType: 'image/png' }).status).toBe('ok');
    expect(verifyObjectUrl(key, put, secret, now, { method: 'PUT', contentType: 'IMAGE/PNG' }).status).toBe('ok');
    expect(verifyObjectUrl(key, put, secret, now, { method: 'PUT', contentType: 'text/html' }).status).toBe('bad_signature');
    expect(verifyObjectUrl(key, put, secret, now, { method: 'PUT' }).status).toBe('bad_signature');
  });
});

describe('contentDisposition', () => {
  it('gives an ASCII fallback and the exact UTF-8 name', () => {
    expect(contentDisposition('Soldes "été".png')).toBe(
      `attachment; filename="Soldes __t__.png"; filename*=UTF-8''Soldes%20%22%C3%A9t%C3%A9%22.png`,
    );
    expect(contentDisposition("it's (1).png")).toContain("filename*=UTF-8''it%27s%20%281%29.png");
  });
});
