import { parseArgs } from 'node:util';
import { AppError } from '@pressroom/model';
import { type AdminCommand, type AdminContext, AdminUsageError } from './command.js';

export interface AdminResult {
  exitCode: number;
  output: unknown;
}

/** Pure dispatch: argv in, one JSON object out. The bin file owns the database and stdout. */
export async function runAdmin(argv: string[], commands: AdminCommand[], ctx: () => Promise<AdminContext>): Promise<AdminResult> {
  const words = argv.filter((a) => !a.startsWith('-'));
  const command = commands.find((c) => {
    const parts = c.name.split(' ');
    return parts.every((p, i) => words[i] === p);
  });
  if (!command) {
    return { exitCode: 2, output: { error: { id: 'usage', message: 'Unknown command.', commands: commands.map((c) => c.usage) } } };
  }
  try {
    const { values } = parseArgs({
      args: argv.slice(argv.indexOf(command.name.split(' ').at(-1)!) + 1),
      options: Object.fromEntries(Object.keys(command.flags).map((f) => [f, { type: 'string' as const }])),
      strict: true,
      allowPositionals: false,
    });
    for (const [flag, spec] of Object.entries(command.flags)) {
      if (spec.required && (values[flag] === undefined || values[flag] === ''))
        throw new AdminUsageError(`--${flag} is required. Usage: ${command.usage}`);
    }
    const output = await command.run(values as Record<string, string | undefined>, await ctx());
    return { exitCode: 0, output };
  } catch (err) {
    if (err instanceof AdminUsageError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      return { exitCode: 2, output: { error: { id: 'usage', message: (err as Error).message, usage: command.usage } } };
    }
    if (err instanceof AppError) return { exitCode: 1, output: { error: { id: err.id, message: err.message } } };
    throw err;
  }
}
