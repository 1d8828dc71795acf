import { AppError } from '@pressroom/model';
import type pg from 'pg';
import type { ControlPlaneConfig } from '../config.js';

export interface AdminContext {
  db: pg.Pool;
  config: ControlPlaneConfig;
}

/**
 * One admin command: `npm run --silent admin -- <group> <verb> --flag value`. Commands return a
 * JSON-serialisable object, printed as one line on stdout; failures are printed as
 * `{"error": {id, message}}` with a non-zero exit.
 */
export interface AdminCommand {
  /** `workspace create`, `key revoke`, … */
  name: string;
  usage: string;
  /** Flags, all string-valued; `required` ones must be given. */
  flags: Record<string, { required?: boolean; description: string }>;
  run(flags: Record<string, string | undefined>, ctx: AdminContext): Promise<unknown>;
}

export class AdminUsageError extends Error {
  override name = 'AdminUsageError';
}

export function requireFlag(flags: Record<string, string | undefined>, name: string): string {
  const value = flags[name];
  if (value === undefined || value === '') throw new AdminUsageError(`--${name} is required`);
  return value;
}

export function notFound(what: string): AppError {
  return new AppError('not_found', `${what} not found`);
}
