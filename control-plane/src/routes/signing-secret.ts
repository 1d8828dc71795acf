import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';
import { defineRoute, type RouteSpec } from '../http/route.js';
import {
  DEFAULT_OVERLAP_MS,
  getOrCreateSigningSecret,
  revokeSigningSecret,
  rotateSigningSecret,
  type SigningSecretOptions,
} from '../services/signing-secrets.js';

const signingSecret = z.object({
  secret: z.string().describe('Prefixed `whsec_`.'),
  created_at_ts: z.number().int(),
  rotated_at_ts: z.number().int().nullable(),
  previous_secret_expires_at_ts: z.number().int().nullable(),
});

// Query strings are text: only the spellings a client would send for a boolean are accepted.
const rotateQuery = z.object({
  force: z
    .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});

/**
 * The webhook signing secret (Signing secret; docs/webhooks.md). `options.overlapMs` is 24 h unless the
 * integrator passes `overlapFromTimeScale(config.webhookTimeScale)`.
 */
export function signingSecretRoutes(
  app: FastifyInstance,
  db: pg.Pool,
  options: SigningSecretOptions = { overlapMs: DEFAULT_OVERLAP_MS },
): void {
  /** Every route here sits under the one tag and answers the secret's state. */
  const response = { status: 200, schema: signingSecret };
  const secretRoute = <Q extends z.ZodType = z.ZodUndefined>(
    spec: Omit<RouteSpec<z.ZodUndefined, Q, z.ZodUndefined, typeof response>, 'tag' | 'response'>,
  ) => defineRoute(app, { ...spec, tag: 'Signing secret', response });

  secretRoute({
    method: 'GET',
    url: '/signing-secret',
    operationId: 'getSigningSecret',
    summary: 'The webhook signing secret of the workspace; the first call creates it and turns signing on.',
    tier: 'read',
    handler: async ({ workspace }) => getOrCreateSigningSecret(db, workspace.id),
  });

  secretRoute({
    method: 'POST',
    url: '/signing-secret/rotate',
    operationId: 'rotateSigningSecret',
    summary:
      'Issue a new secret; the previous one keeps verifying for 24 hours. 409 while a previous secret is still valid, unless force=true.',
    tier: 'write',
    query: rotateQuery,
    handler: async ({ workspace, query }) => rotateSigningSecret(db, workspace.id, query.force, options),
  });

  secretRoute({
    method: 'POST',
    url: '/signing-secret/revoke',
    operationId: 'revokeSigningSecret',
    summary: 'Stop honouring the previous secret now, ending the overlap. Never refused; mints a secret when none exists.',
    tier: 'write',
    handler: async ({ workspace }) => revokeSigningSecret(db, workspace.id),
  });
}
