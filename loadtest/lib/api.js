// The few API calls the tests share, each tagged with a stable `name` so thresholds and the
// summary group by endpoint, never by raw URL.

import { sleep } from 'k6';
import http from 'k6/http';
import { BASE_URL, FORMAT, FORMATS, headers, json } from './config.js';

export function syncGenerate(designId, body = {}) {
  const payload = FORMAT ? { template_format_name: FORMAT, ...body } : body;
  return http.post(`${BASE_URL}/banner-builder/${designId}/generate`, JSON.stringify(payload), {
    headers: headers(),
    tags: { name: 'sync-generate' },
    // Past the budget the server answers 500 itself; the client waits a little longer to see it.
    timeout: '20s',
  });
}

export function asyncGenerate(designId, body = {}) {
  const payload = FORMATS.length > 0 ? { template_format_names: FORMATS, ...body } : body;
  return http.post(`${BASE_URL}/async/banner-builder/${designId}/generate`, JSON.stringify(payload), {
    headers: headers(),
    tags: { name: 'async-generate' },
  });
}

export function getRequest(id) {
  return http.get(`${BASE_URL}/generation-request/${id}`, { headers: headers(), tags: { name: 'poll-request' } });
}

/**
 * Polls a generation request until it is finalized (200) or `timeoutSeconds` pass; bounded in
 * count and time. Answers the last response and whether it finished.
 */
export function waitForRequest(id, { intervalSeconds = 1, timeoutSeconds = 120 } = {}) {
  const deadline = Date.now() + timeoutSeconds * 1000;
  const maxPolls = Math.ceil(timeoutSeconds / intervalSeconds) + 1;
  let res = null;
  for (let i = 0; i < maxPolls && Date.now() < deadline; i++) {
    res = getRequest(id);
    if (res.status === 200) return { res, done: true };
    if (res.status === 429) {
      sleep(Math.max(intervalSeconds, Number(res.headers['Retry-After']) || 1));
      continue;
    }
    if (res.status !== 202) return { res, done: false };
    sleep(intervalSeconds);
  }
  return { res, done: false };
}

export function get(path, name) {
  return http.get(`${BASE_URL}${path}`, { headers: headers(), tags: { name } });
}

export { json };
