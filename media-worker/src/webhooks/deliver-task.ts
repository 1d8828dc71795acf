import {
  type AttemptResult,
  classifyAttempt,
  DELIVER_WEBHOOK_TASK,
  maxAttempts,
  parseGaps,
  parseRetryAfter,
  planNextAttempt,
  type RetrySchedule,
  resultClass,
} from '@pressroom/model';
import type { Logger } from '@pressroom/platform';
import { assertJobLease, jobTask, loadSigningSecrets, signatureHeader, withTransaction } from '@pressroom/platform';
import type { Task } from 'graphile-worker';
import type pg from 'pg';
import type { Registry } from 'prom-client';
import { webhookMetrics } from './metrics.js';
import { dropDelivery, loadDelivery, recordAttempt } from './store.js';
import { createWebhookDispatcher, postWebhook, type SentAttempt } from './transport.js';

export interface WebhookTaskConfig {
  webhookTimeoutMs: number;
  webhookRetryGapsMs: string;
  webhookExportRetryGapsMs: string;
  webhookTimeScale: number;
  apiHostName: string;
  outboundAllowPrivateNetworks: boolean;
}

export interface WebhookTaskDeps {
  config: WebhookTaskConfig;
  db: pg.Pool;
  logger: Logger;
  metrics: Registry;
  /** Test-only extra CA (PEM); see `createWebhookDispatcher`. */
  ca?: string;
  /** For tests; default Date.now. */
  now?: () => Date;
}

/**
 * Each value goes out under Pressroom's name and under the name Abyssale's SDKs read (their
 * verify functions' docs say `X-Abyssale-Signature`, `X-Abyssale-Delivery-Id`), so a receiver
 * written for Abyssale verifies and deduplicates unchanged (docs/webhooks.md).
 */
export const SIGNATURE_HEADERS = ['X-Pressroom-Signature', 'X-Abyssale-Signature'] as const;
export const DELIVERY_ID_HEADERS = ['X-Pressroom-Delivery-Id', 'X-Abyssale-Delivery-Id'] as const;
export const REFERER_HEADER = 'X-Referer';

/**
 * `deliver_webhook`: one attempt of one delivery. A receiver's failure is not a task failure:
 * the attempt is recorded and the next one is scheduled as a new job with its own `run_at`, so
 * the task returns normally. It throws only when something of ours broke (the database), and
 * graphile-worker then re-runs the same attempt, which sends the same delivery id again.
 */
export function deliverWebhookTask(deps: WebhookTaskDeps): Task<typeof DELIVER_WEBHOOK_TASK> {
  const { config, db, logger } = deps;
  const metrics = webhookMetrics(deps.metrics);
  const now = deps.now ?? (() => new Date());
  const schedules: Record<'standard' | 'export', RetrySchedule> = {
    standard: { gapsMs: parseGaps(config.webhookRetryGapsMs), timeScale: config.webhookTimeScale },
    export: { gapsMs: parseGaps(config.webhookExportRetryGapsMs), timeScale: config.webhookTimeScale },
  };
  const dispatcher = createWebhookDispatcher({
    allowPrivateNetworks: config.outboundAllowPrivateNetworks,
    connectTimeoutMs: config.webhookTimeoutMs,
    ...(deps.ca === undefined ? {} : { ca: deps.ca }),
  });

  // A job that cannot be read cannot say which attempt it was: its delivery ends as dropped, never pending for ever.
  const onInvalid = ({ delivery }: { delivery: string }) => dropDelivery(db, delivery);
  return jobTask(DELIVER_WEBHOOK_TASK, { logger, onInvalid }, async (job, helpers) => {
    const delivery = await loadDelivery(db, job.delivery);
    // Already finished, or this attempt was recorded before a crash (its successor is queued).
    if (delivery?.status !== 'pending' || delivery.attempts >= job.attempt) return;
    if (delivery.target_kind === 'subscription' && delivery.subscription_active !== true && !job.manual) {
      await dropDelivery(db, delivery.id);
      return;
    }

    const body = JSON.stringify(delivery.payload);
    const secrets = await loadSigningSecrets(db, delivery.workspace_id);
    const attemptedAt = now();
    const t = Math.floor(attemptedAt.getTime() / 1000);
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': 'Pressroom-Webhooks/1',
      [REFERER_HEADER]: config.apiHostName,
    };
    for (const name of DELIVERY_ID_HEADERS) headers[name] = delivery.delivery_id;
    if (secrets.length > 0) {
      const signature = signatureHeader(secrets, t, body);
      for (const name of SIGNATURE_HEADERS) headers[name] = signature;
    }

    // The last moment a stale execution (its job ran elsewhere while it was cut off) can be kept
    // from sending the same attempt a second time: a POST already in flight cannot be recalled.
    await assertJobLease(db, 'webhook');
    const sent: SentAttempt = isHttps(delivery.url)
      ? await postWebhook(dispatcher, { url: delivery.url, body, headers, timeoutMs: config.webhookTimeoutMs, signal: helpers.abortSignal })
      : { result: { kind: 'connection' }, reason: 'not_https', retryAfter: null, durationMs: 0 };

    const schedule = schedules[delivery.schedule];
    const total = maxAttempts(schedule);
    const verdict =
      notHttpsVerdict(sent) ??
      classifyAttempt({
        result: sent.result,
        attempt: job.attempt,
        maxAttempts: total,
        target: delivery.target_kind,
        manual: job.manual === true,
      });
    const plan =
      verdict.outcome === 'retry'
        ? planNextAttempt({ attempt: job.attempt, schedule, now: now(), retryAfterMs: parseRetryAfter(sent.retryAfter, now()) })
        : null;
    // The planner and the classifier agree on the attempt count; should they not, drop rather than loop.
    const outcome = plan?.kind === 'exhausted' ? 'drop' : verdict.outcome;

    const recorded = await withTransaction(db, async (client) => {
      await assertJobLease(client, 'attempt');
      return recordAttempt(client, {
        deliveryRowId: delivery.id,
        attempt: job.attempt,
        attemptedAt,
        statusCode: statusOf(sent.result),
        reason: sent.reason,
        outcome,
        durationMs: sent.durationMs,
        signed: secrets.length > 0,
        manual: job.manual === true,
        subscriptionId: delivery.subscription_id,
        deactivationReason: verdict.deactivationReason,
        next: plan?.kind === 'retry' ? { attempt: plan.attempt, runAt: plan.runAt } : null,
      });
    });
    if (!recorded) return;
    metrics.deliveries.inc({ outcome });
    metrics.attemptSeconds.observe({ result: resultClass(sent.result) }, sent.durationMs / 1000);
    if (outcome === 'deactivate' && verdict.deactivationReason) metrics.deactivations.inc({ reason: verdict.deactivationReason });
    logger.info(
      {
        deliveryId: delivery.delivery_id,
        attempt: job.attempt,
        reason: sent.reason,
        outcome,
        nextRunAt: plan?.kind === 'retry' ? plan.runAt : undefined,
      },
      'webhook attempt',
    );
  });
}

function isHttps(url: string): boolean {
  try {
    return new URL(url).protocol === 'https:';
  } catch {
    return false;
  }
}

/** A target that is not HTTPS is never contacted and never will be: drop at once, no retries. */
function notHttpsVerdict(sent: SentAttempt): { outcome: 'drop'; deactivationReason: null } | null {
  return sent.reason === 'not_https' ? { outcome: 'drop', deactivationReason: null } : null;
}

function statusOf(result: AttemptResult): number | null {
  return result.kind === 'status' ? result.status : null;
}
