import { createRequire } from 'node:module';
import { pino } from 'pino';

export type Logger = pino.Logger;

export const LOG_FORMATS = ['auto', 'json', 'pretty'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/** `auto` is human-readable on a terminal and JSON lines everywhere else (pipes, files, collectors). */
export function resolveLogFormat(format: LogFormat, isTTY: boolean): 'json' | 'pretty' {
  if (format === 'auto') return isTTY ? 'pretty' : 'json';
  return format;
}

/**
 * Turns one JSON log line into one readable line: time, level, `[role]`, message, then the
 * remaining fields. Lines that are not JSON (a child's stray output) come back unchanged.
 */
export function createPrettifier(options: { colorize: boolean }): (line: string) => string {
  // Loaded only for human-readable output: JSON processes (production) start without it.
  const { prettyFactory } = createRequire(import.meta.url)('pino-pretty') as typeof import('pino-pretty');
  const pretty = prettyFactory({
    colorize: options.colorize,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,role,name',
    messageFormat: '[{role}] {msg}',
    singleLine: true,
  });
  return (line) => {
    const trimmed = line.trimEnd();
    if (!trimmed.startsWith('{')) return `${trimmed}\n`;
    return pretty(trimmed);
  };
}

export function createLogger(name: string, level = 'info', format: LogFormat = 'auto'): Logger {
  const options = { name, level, base: { role: name } };
  if (resolveLogFormat(format, process.stdout.isTTY === true) === 'json') return pino(options);
  const pretty = createPrettifier({ colorize: true });
  return pino(options, { write: (line: string) => process.stdout.write(pretty(line)) });
}
