import type { ErrorId } from '@pressroom/model';
import type { Tier } from '../http/route.js';
import type { WindowBudget, WindowCount } from './rate-limits.js';

export interface RateLimitBudgets {
  globalPerSecond: number;
  tiers: Record<Tier, { perMinute: number; perHour: number }>;
}

/** The windows one request is counted in: the global ceiling, plus its tier's minute and hour. */
export function windowsFor(tier: Tier | null, budgets: RateLimitBudgets): WindowBudget[] {
  const windows: WindowBudget[] = [{ bucket: 'global', seconds: 1, limit: budgets.globalPerSecond }];
  if (tier) {
    const t = budgets.tiers[tier];
    windows.push(
      { bucket: `${tier}:minute`, seconds: 60, limit: t.perMinute },
      { bucket: `${tier}:hour`, seconds: 3600, limit: t.perHour },
    );
  }
  return windows;
}

export interface RateLimitDecision {
  refusal: { id: ErrorId; message: string; retryAfter: number } | null;
  /** X-RateLimit-* headers; empty on unbudgeted endpoints. */
  headers: Record<string, string>;
}

/** Pure: counts in, verdict and headers out. The global ceiling is checked first (docs/api.md#request-bounds). */
export function decide(counts: WindowCount[]): RateLimitDecision {
  const tierWindows = counts.filter((c) => c.bucket !== 'global');
  const headers: Record<string, string> = {};
  if (tierWindows.length > 0) {
    // The window closest to exhaustion; on a tie, the one that resets last.
    const closest = [...tierWindows].sort((a, b) => a.limit - a.count - (b.limit - b.count) || b.resetAt - a.resetAt)[0]!;
    headers['x-ratelimit-limit'] = String(closest.limit);
    headers['x-ratelimit-remaining'] = String(Math.max(0, closest.limit - closest.count));
    headers['x-ratelimit-reset'] = String(closest.resetAt);
  }
  const global = counts.find((c) => c.bucket === 'global');
  if (global && global.count > global.limit) {
    return {
      refusal: {
        id: 'rate_limit_exceeded',
        message: `More than ${global.limit} requests per second for this workspace.`,
        retryAfter: retryAfter(global),
      },
      headers,
    };
  }
  const exhausted = tierWindows.filter((c) => c.count > c.limit).sort((a, b) => b.resetAt - a.resetAt)[0];
  if (exhausted) {
    return {
      refusal: {
        id: 'request_rate_limited',
        message: `Rate limit of ${exhausted.limit} requests per ${exhausted.seconds === 60 ? 'minute' : 'hour'} reached for this endpoint tier.`,
        retryAfter: retryAfter(exhausted),
      },
      headers,
    };
  }
  return { refusal: null, headers };
}

function retryAfter(window: WindowCount): number {
  return Math.max(1, Math.ceil(window.resetAt - window.now));
}
