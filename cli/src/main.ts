/** The command line: parses argv, runs one command, maps every failure to its message and exit code (errors.ts). */
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { Api } from './api.js';
import { bulk } from './commands/bulk.js';
import { designsDiff, designsList, designsPreview, designsPull, designsPush } from './commands/designs.js';
import { fontsUpload } from './commands/fonts.js';
import { importFile } from './commands/import.js';
import { login } from './commands/login.js';
import { render } from './commands/render.js';
import { loadCredentials } from './config.js';
import { CliError, EXIT, errorJson, formatError, usageError } from './errors.js';
import { makeOutput, type Output } from './output.js';

export const VERSION = '0.1.0';

export const HELP = `pressroom: the command line of a Pressroom render farm

Usage: pressroom [--json] [--quiet] [--timeout <s>] <command> ...

  login --url <url> --key <key>          check the key (POST /auth) and keep both in the config file
  designs list [--type <type>]           the workspace's designs
  designs pull (--all | <id>...) <dir>   one as-import JSON file per design, plus its files
  designs push <dir> [--project <id>] [--validate-only]
                                         validate every file, then PUT changed designs (a new
                                         version each) and import new ones
  designs diff <dir>                     each file against its design's current version (exit 8 if any differs)
  designs preview <dir> -o <out> [--project <id>] [--all]
                                         render new and changed files as scratch designs
  render <design> [--set layer.prop=value | --set layer.prop:=<json>]... [--format <f>]
         [--type <jpeg|png|...>] -o <file> [--async [--wait]]
  bulk <design> <rows.csv> [--map <header>=<layer.prop>]... [--format <f>]... [--type <t>]
       [--callback-url <https url>] [--validate-only] [--wait] [-o <dir>]
  fonts upload <file>... [--name <family>]
  import <file> [--project <id> | --template] [--strict]

Environment: PRESSROOM_URL and PRESSROOM_API_KEY override the login; the config file is
$XDG_CONFIG_HOME/pressroom/config.json (~/.config/pressroom/config.json), mode 0600.
Exit codes: 0 ok, 1 unexpected, 2 usage, 3 input refused, 4 key or URL missing or refused,
5 not found, 6 remote work failed, 7 farm unreachable or timed out, 8 differences (designs diff).
`;

type Options = NonNullable<ParseArgsConfig['options']>;
const GLOBAL: Options = {
  json: { type: 'boolean', default: false },
  quiet: { type: 'boolean', default: false },
  timeout: { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
  version: { type: 'boolean', default: false },
};
const COMMANDS: Record<string, Options> = {
  login: { url: { type: 'string' }, key: { type: 'string' } },
  'designs list': { type: { type: 'string' } },
  'designs pull': { all: { type: 'boolean', default: false } },
  'designs push': { project: { type: 'string' }, 'validate-only': { type: 'boolean', default: false } },
  'designs diff': {},
  'designs preview': { output: { type: 'string', short: 'o' }, project: { type: 'string' }, all: { type: 'boolean', default: false } },
  render: {
    set: { type: 'string', multiple: true, default: [] },
    format: { type: 'string' },
    type: { type: 'string' },
    output: { type: 'string', short: 'o' },
    async: { type: 'boolean', default: false },
    wait: { type: 'boolean', default: false },
  },
  bulk: {
    map: { type: 'string', multiple: true, default: [] },
    format: { type: 'string', multiple: true, default: [] },
    type: { type: 'string' },
    'callback-url': { type: 'string' },
    'validate-only': { type: 'boolean', default: false },
    wait: { type: 'boolean', default: false },
    output: { type: 'string', short: 'o' },
  },
  'fonts upload': { name: { type: 'string' } },
  import: { project: { type: 'string' }, template: { type: 'boolean', default: false }, strict: { type: 'boolean', default: false } },
};

/** The command named by the first one or two positionals (`designs pull`, `render`). */
function commandOf(argv: string[]): { name: string; rest: string[] } | null {
  const words = argv.filter((a) => !a.startsWith('-'));
  const [first, second] = words;
  if (first && second && COMMANDS[`${first} ${second}`]) {
    const rest = [...argv];
    rest.splice(rest.indexOf(first), 1);
    rest.splice(rest.indexOf(second), 1);
    return { name: `${first} ${second}`, rest };
  }
  if (first && COMMANDS[first]) {
    const rest = [...argv];
    rest.splice(rest.indexOf(first), 1);
    return { name: first, rest };
  }
  return null;
}

function needs(positionals: string[], count: number, usage: string): void {
  if (positionals.length < count) throw usageError(`usage: pressroom ${usage}`);
}

/** Runs one command line; resolves with the exit code. Writes only to the given streams. */
export async function main(
  argv: string[],
  io: { stdout?: NodeJS.WritableStream; stderr?: NodeJS.WritableStream & { isTTY?: boolean } } = {},
): Promise<number> {
  const stderr = io.stderr ?? process.stderr;
  const stdout = io.stdout ?? process.stdout;
  let out: Output = makeOutput({ json: argv.includes('--json'), stdout, stderr });
  try {
    const command = commandOf(argv);
    if (!command) {
      const { values } = parseArgs({ args: argv, options: GLOBAL, allowPositionals: true, strict: false });
      if (values.version) {
        stdout.write(`${VERSION}\n`);
        return EXIT.ok;
      }
      if (values.help || argv.length === 0) {
        stdout.write(HELP);
        return EXIT.ok;
      }
      throw usageError(
        `unknown command: ${argv.filter((a) => !a.startsWith('-')).join(' ') || argv.join(' ')} (pressroom --help lists them)`,
      );
    }
    let parsed: ReturnType<typeof parseArgs>;
    try {
      parsed = parseArgs({ args: command.rest, options: { ...GLOBAL, ...COMMANDS[command.name] }, allowPositionals: true, strict: true });
    } catch (error) {
      throw usageError(`${command.name}: ${(error as Error).message}`);
    }
    const v = parsed.values as Record<string, string | boolean | string[] | undefined>;
    const p = parsed.positionals;
    if (v.help) {
      stdout.write(HELP);
      return EXIT.ok;
    }
    out = makeOutput({ json: Boolean(v.json), quiet: Boolean(v.quiet), stdout, stderr });
    const timeoutMs = v.timeout === undefined ? 600_000 : Number(v.timeout) * 1000;
    if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) throw usageError('--timeout: a number of seconds');
    const str = (k: string) => v[k] as string | undefined;
    const list = (k: string) => (v[k] as string[] | undefined) ?? [];
    if (command.name === 'login') {
      const url = str('url') ?? process.env.PRESSROOM_URL;
      const key = str('key') ?? process.env.PRESSROOM_API_KEY;
      if (!url || !key) throw usageError('usage: pressroom login --url <url> --key <key> (or PRESSROOM_URL / PRESSROOM_API_KEY)');
      await login(out, url, key);
      return EXIT.ok;
    }
    // The login is read once the command line is known to be right, so a usage error never needs one.
    const api = async () => new Api(await loadCredentials());
    switch (command.name) {
      case 'designs list':
        await designsList(await api(), out, { type: str('type') });
        return EXIT.ok;
      case 'designs pull':
        needs(p, 1, 'designs pull (--all | <id>...) <dir>');
        await designsPull(await api(), out, p.slice(0, -1), p[p.length - 1] as string, { all: Boolean(v.all) });
        return EXIT.ok;
      case 'designs push':
        needs(p, 1, 'designs push <dir>');
        await designsPush(await api(), out, p[0] as string, {
          project: str('project'),
          validateOnly: Boolean(v['validate-only']),
          timeoutMs,
        });
        return EXIT.ok;
      case 'designs diff':
        needs(p, 1, 'designs diff <dir>');
        return await designsDiff(await api(), out, p[0] as string);
      case 'designs preview': {
        needs(p, 1, 'designs preview <dir> -o <out>');
        const output = str('output');
        if (!output) throw usageError('usage: pressroom designs preview <dir> -o <out>');
        await designsPreview(await api(), out, p[0] as string, { output, project: str('project'), all: Boolean(v.all), timeoutMs });
        return EXIT.ok;
      }
      case 'render':
        needs(p, 1, 'render <design> -o <file>');
        if (v.wait && !v.async) throw usageError('render: --wait goes with --async');
        await render(await api(), out, p[0] as string, {
          sets: list('set'),
          format: str('format'),
          type: str('type'),
          output: str('output'),
          async: Boolean(v.async),
          wait: Boolean(v.wait),
          timeoutMs,
        });
        return EXIT.ok;
      case 'bulk':
        needs(p, 2, 'bulk <design> <rows.csv>');
        return await bulk(await api(), out, p[0] as string, p[1] as string, {
          map: list('map'),
          formats: list('format'),
          type: str('type'),
          callbackUrl: str('callback-url'),
          validateOnly: Boolean(v['validate-only']),
          wait: Boolean(v.wait),
          output: str('output'),
          timeoutMs,
        });
      case 'fonts upload':
        await fontsUpload(await api(), out, p, { name: str('name') });
        return EXIT.ok;
      case 'import':
        needs(p, 1, 'import <file>');
        await importFile(await api(), out, p[0] as string, {
          project: str('project'),
          template: Boolean(v.template),
          strict: Boolean(v.strict),
          timeoutMs,
        });
        return EXIT.ok;
      default:
        throw usageError(`unknown command ${command.name}`);
    }
  } catch (error) {
    const failure =
      error instanceof CliError
        ? error
        : new CliError(error instanceof Error ? (error.stack ?? error.message) : String(error), EXIT.failure);
    if (out.json) stdout.write(`${JSON.stringify(errorJson(failure), null, 2)}\n`);
    stderr.write(`${formatError(failure)}\n`);
    return failure.exitCode;
  }
}
