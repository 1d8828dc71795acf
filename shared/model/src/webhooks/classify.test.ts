import { describe, expect, it } from 'vitest';
import { type AttemptResult, classifyAttempt, type Outcome, resultClass, type TargetKind } from './classify.js';

const status = (s: number, body = ''): AttemptResult => ({ kind: 'status', status: s, body });
const timeout: AttemptResult = { kind: 'timeout' };
const connection: AttemptResult = { kind: 'connection' };

type Row = [string, AttemptResult, number, TargetKind, Outcome, string | null];
const rows: Row[] = [
  ['200 acks', status(200), 1, 'subscription', 'ack', null],
  ['201 acks', status(201), 6, 'callback', 'ack', null],
  ['202 is a failure', status(202), 1, 'subscription', 'retry', null],
  ['204 is a failure', status(204), 1, 'subscription', 'retry', null],
  ['301 is a failure', status(301), 1, 'subscription', 'retry', null],
  ['301 on the last attempt drops, keeps the subscription', status(301), 6, 'subscription', 'drop', null],
  ['410 deactivates at once', status(410), 1, 'subscription', 'deactivate', 'gone'],
  ['410 on a callback is dropped, never retried', status(410), 1, 'callback', 'drop', null],
  ['400 "Queue is full." deactivates', status(400, 'Queue is full.'), 1, 'subscription', 'deactivate', 'rejected'],
  [
    '400 no scenario deactivates',
    status(400, 'There is no scenario listening for this webhook.'),
    2,
    'subscription',
    'deactivate',
    'rejected',
  ],
  ['400 read-only deactivates', status(400, 'Organization is in read-only mode.'), 3, 'subscription', 'deactivate', 'rejected'],
  ['400 exact body on a callback drops', status(400, 'Queue is full.'), 1, 'callback', 'drop', null],
  ['400 with another body retries', status(400, 'Bad request'), 1, 'subscription', 'retry', null],
  ['400 with a near-miss body retries', status(400, 'Queue is full'), 1, 'subscription', 'retry', null],
  ['400 with trailing newline retries', status(400, 'Queue is full.\n'), 1, 'subscription', 'retry', null],
  ['400 other body on the last attempt drops', status(400, 'nope'), 6, 'subscription', 'drop', null],
  ['404 retries before the sixth', status(404), 5, 'subscription', 'retry', null],
  ['404 on the sixth deactivates', status(404), 6, 'subscription', 'deactivate', 'unreachable'],
  ['timeout on the sixth deactivates', timeout, 6, 'subscription', 'deactivate', 'unreachable'],
  ['connection error on the sixth deactivates', connection, 6, 'subscription', 'deactivate', 'unreachable'],
  ['timeout early retries', timeout, 1, 'subscription', 'retry', null],
  ['500 retries', status(500), 1, 'subscription', 'retry', null],
  ['persistent 5xx drops and keeps the subscription', status(503), 6, 'subscription', 'drop', null],
  ['429 on the last attempt drops', status(429), 6, 'subscription', 'drop', null],
  ['callback 404 on the sixth is dropped, never deactivated', status(404), 6, 'callback', 'drop', null],
  ['callback timeout on the sixth is dropped', timeout, 6, 'callback', 'drop', null],
  ['callback 500 retries', status(500), 3, 'callback', 'retry', null],
];

describe('classifyAttempt', () => {
  it.each(rows)('%s', (_name, result, attempt, target, outcome, reason) => {
    expect(classifyAttempt({ result, attempt, maxAttempts: 6, target })).toEqual({ outcome, deactivationReason: reason });
  });

  it('a manual redelivery is never retried and never deactivates for 404', () => {
    expect(classifyAttempt({ result: status(500), attempt: 2, maxAttempts: 6, target: 'subscription', manual: true }).outcome).toBe('drop');
    expect(classifyAttempt({ result: status(404), attempt: 7, maxAttempts: 6, target: 'subscription', manual: true }).outcome).toBe('drop');
    expect(classifyAttempt({ result: status(410), attempt: 7, maxAttempts: 6, target: 'subscription', manual: true }).outcome).toBe(
      'deactivate',
    );
  });
});

describe('resultClass', () => {
  it.each([
    [status(200), '2xx'],
    [status(302), '3xx'],
    [status(404), '4xx'],
    [status(502), '5xx'],
    [status(101), 'other_status'],
    [timeout, 'timeout'],
    [connection, 'connection'],
  ] as const)('%j → %s', (result, label) => expect(resultClass(result)).toBe(label));
});
