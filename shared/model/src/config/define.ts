import { z } from 'zod';

/**
 * Config is declared, not read ad hoc: every option names its schema, its default and a line of
 * help. The environment variable is derived mechanically from the option's key
 * (`databaseUrl` → `DATABASE_URL`), so the README table, the error messages and the code can
 * never disagree about a name.
 */
export interface OptionSpec<S extends z.ZodType = z.ZodType> {
  schema: S;
  /** Raw (string) default applied when the variable is unset; `undefined` means optional. */
  default: string | undefined;
  description: string;
}

export type ConfigSpec = Record<string, OptionSpec>;
export type ConfigOf<T extends ConfigSpec> = { readonly [K in keyof T]: z.output<T[K]['schema']> };

export function option<S extends z.ZodType>(schema: S, defaultValue: string | undefined, description: string): OptionSpec<S> {
  return { schema, default: defaultValue, description };
}

export function envName(key: string): string {
  return key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();
}

export class ConfigError extends Error {
  constructor(readonly problems: { variable: string; message: string }[]) {
    super(
      `Invalid configuration:\n${problems.map((p) => `  - ${p.variable}: ${p.message}`).join('\n')}\n` +
        'Set the variables named above (see the configuration table in README.md).',
    );
    this.name = 'ConfigError';
  }
}

export function loadConfig<T extends ConfigSpec>(spec: T, env: NodeJS.ProcessEnv = process.env): ConfigOf<T> {
  const out: Record<string, unknown> = {};
  const problems: { variable: string; message: string }[] = [];
  for (const [key, opt] of Object.entries(spec)) {
    const variable = envName(key);
    const raw = env[variable];
    const value = raw === undefined || raw === '' ? opt.default : raw;
    const parsed = opt.schema.safeParse(value);
    if (parsed.success) out[key] = parsed.data;
    else problems.push({ variable, message: `${parsed.error.issues[0]?.message ?? 'invalid'} (${opt.description})` });
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return Object.freeze(out) as ConfigOf<T>;
}

/** Rows for the README's configuration table. */
export function describeConfig(spec: ConfigSpec): { variable: string; default: string; description: string }[] {
  return Object.entries(spec).map(([key, opt]) => ({
    variable: envName(key),
    default: opt.default ?? '(unset)',
    description: opt.description,
  }));
}

// Schemas for values that arrive as strings from the environment.
export const env = {
  string: () => z.string({ error: 'is required' }).min(1, 'is required'),
  optionalString: () => z.string().optional(),
  int: (min = 0, max = Number.MAX_SAFE_INTEGER) =>
    z.coerce
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(min, `must be ≥ ${min}`)
      .max(max, `must be ≤ ${max}`),
  number: (min = 0) => z.coerce.number({ error: 'must be a number' }).min(min, `must be ≥ ${min}`),
  bool: () =>
    z
      .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
      .transform((v) => v === 'true' || v === '1' || v === 'yes'),
  url: () => z.url({ error: 'must be a URL' }),
  optionalUrl: () => z.url({ error: 'must be a URL' }).optional(),
  enum: <const V extends readonly [string, ...string[]]>(values: V) => z.enum(values, { error: `must be one of ${values.join(', ')}` }),
};
