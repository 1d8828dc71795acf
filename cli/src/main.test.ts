import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { configPath, loadCredentials, saveCredentials } from './config.js';
import { CliError, EXIT, errorJson, formatError, fromEnvelope } from './errors.js';
import { main } from './main.js';

const capture = () => {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (d) => {
    text += String(d);
  });
  return { stream, text: () => text };
};

const runCli = async (argv: string[]) => {
  const stdout = capture();
  const stderr = capture();
  const code = await main(argv, { stdout: stdout.stream, stderr: stderr.stream });
  return { code, stdout: stdout.text(), stderr: stderr.text() };
};

describe('the command line', () => {
  it('usage errors exit 2 with a message; --help exits 0', async () => {
    expect((await runCli(['frobnicate'])).code).toBe(EXIT.usage);
    const unknown = await runCli(['render', 'x', '--colour', 'red']);
    expect(unknown.code).toBe(EXIT.usage);
    expect(unknown.stderr).toMatch(/render: Unknown option '--colour'/);
    expect((await runCli(['--help'])).stdout).toContain('designs push <dir>');
  });

  it('with --json a failure is one JSON object on stdout too', async () => {
    const { code, stdout } = await runCli(['--json', 'render', 'x', '--wait']);
    expect(code).toBe(EXIT.usage);
    expect(JSON.parse(stdout)).toMatchObject({ error: { exit_code: EXIT.usage, message: 'render: --wait goes with --async' } });
  });
});

describe('errors', () => {
  it("prints the envelope's id, status, message and each field error with its path", () => {
    const error = fromEnvelope(
      400,
      {
        id: 'invalid_payload',
        message: 'The payload is not valid.',
        errors: [{ path: 'formats[0].width', code: 'out_of_range', message: 'must be between 1 and 5000' }],
      },
      'POST /designs/import/json',
    );
    expect(error.exitCode).toBe(EXIT.invalid);
    expect(
      formatError(
        new CliError(
          error.message,
          error.exitCode,
          error.details.map((d) => ({ ...d, file: 'card.json' })),
          error.id,
          400,
        ),
      ),
    ).toBe(
      'error [invalid_payload, HTTP 400]: POST /designs/import/json: The payload is not valid.\n  card.json: formats[0].width: must be between 1 and 5000 (out_of_range)',
    );
    expect(errorJson(new CliError('two of three', EXIT.invalid).withPartial({ uploaded: [1] }))).toEqual({
      error: { id: null, status: null, message: 'two of three', exit_code: EXIT.invalid, errors: [] },
      result: { uploaded: [1] },
    });
    expect(fromEnvelope(401, {}, 'x').exitCode).toBe(EXIT.auth);
    expect(fromEnvelope(404, {}, 'x').exitCode).toBe(EXIT.notFound);
    expect(fromEnvelope(503, 'down', 'x').exitCode).toBe(EXIT.unavailable);
  });

  it('the README states every exit code as errors.ts does', async () => {
    const readme = await readFile(fileURLToPath(new URL('../README.md', import.meta.url)), 'utf8');
    for (const [name, code] of Object.entries(EXIT)) expect(readme, name).toMatch(new RegExp(`^\\| ${code} \\| \`${name}\` \\|`, 'm'));
  });
});

describe('the login file', () => {
  it('is written 0600 under XDG_CONFIG_HOME; the environment overrides it field by field', async () => {
    const env = { XDG_CONFIG_HOME: await mkdtemp(join(tmpdir(), 'pressroom-cli-')) };
    const path = await saveCredentials({ url: 'http://farm.test', apiKey: 'prk_stored' }, env);
    expect(path).toBe(configPath(env));
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(await loadCredentials(env)).toEqual({ url: 'http://farm.test', apiKey: 'prk_stored' });
    expect(await loadCredentials({ ...env, PRESSROOM_API_KEY: 'prk_env' })).toEqual({ url: 'http://farm.test', apiKey: 'prk_env' });
    expect(await loadCredentials({ ...env, PRESSROOM_URL: 'https://other.test/' })).toEqual({
      url: 'https://other.test',
      apiKey: 'prk_stored',
    });
    await expect(loadCredentials({ XDG_CONFIG_HOME: '/nonexistent' })).rejects.toMatchObject({ exitCode: EXIT.auth });
  });
});
