import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  commandRunsCheck,
  databaseCheck,
  foldersClosedToOthers,
  formatPreflight,
  freePortCheck,
  installCommand,
  PREFLIGHT_EXIT_CODE,
  requireModuleCheck,
  runPreflight,
  startProcess,
  storageCheck,
  writableDirCheck,
} from './preflight.js';

const scratch = mkdtempSync(join(tmpdir(), 'preflight-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('formatPreflight', () => {
  it('prints one plain sentence and one fixing command per problem, no stack trace', () => {
    const text = formatPreflight('render-worker', [
      { missing: 'Chromium is not installed.', fix: 'npm run setup' },
      { missing: 'Port 8080 is not free.', fix: 'PORT=8081 npm start' },
    ]);
    expect(text).toContain('render-worker cannot start:');
    expect(text).toContain('  - Chromium is not installed.\n    Fix: npm run setup');
    expect(text).toContain('Fix: PORT=8081 npm start');
    expect(text).not.toMatch(/\bat \S+:\d+:\d+/);
  });
});

describe('installCommand', () => {
  it('names apt on Linux and brew on macOS', () => {
    expect(installCommand('linux', { apt: 'ffmpeg', brew: 'ffmpeg' })).toContain('sudo apt-get install -y ffmpeg');
    expect(installCommand('darwin', { apt: 'chromium', brew: '--cask chromium' })).toContain('brew install --cask chromium');
  });
});

describe('preflight checks', () => {
  it('with REQUIRE_EXTERNAL_SERVICES, refuses to start without DATABASE_URL or S3_BUCKET, naming each', async () => {
    expect(await databaseCheck(undefined)()).toBeUndefined();
    expect((await databaseCheck(undefined, { required: true })())?.missing).toMatch(/^DATABASE_URL is not set/);
    const storage = {
      s3Bucket: undefined,
      s3Endpoint: undefined,
      s3Region: 'us-east-1',
      s3AccessKeyId: undefined,
      s3SecretAccessKey: undefined,
      s3ForcePathStyle: false,
      s3EnsureBucket: false,
      requireExternalServices: false,
    };
    expect(await storageCheck(storage)()).toBeUndefined();
    expect((await storageCheck({ ...storage, requireExternalServices: true })())?.missing).toMatch(/^S3_BUCKET is not set/);
    expect((await storageCheck({ ...storage, s3Bucket: 'b', s3AccessKeyId: 'only-the-id' })())?.missing).toMatch(
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/,
    );
  });

  it('accepts a writable folder and refuses one that cannot be created', async () => {
    expect(await writableDirCheck(join(scratch, 'data'))()).toBeUndefined();
    const file = join(scratch, 'a-file');
    writeFileSync(file, '');
    const problem = await writableDirCheck(join(file, 'data'))();
    expect(problem?.missing).toMatch(/not writable/);
    expect(problem?.fix).toMatch(/DATA_DIR/);
  });

  it('notices a port that is taken', async () => {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as net.AddressInfo).port;
    try {
      const problem = await freePortCheck(port, '127.0.0.1', 'PORT')();
      expect(problem?.missing).toContain(`Port ${port} is not free`);
      expect(problem?.fix).toContain(`PORT=${port + 1}`);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    expect(await freePortCheck(port, '127.0.0.1', 'PORT')()).toBeUndefined();
  });

  it('runs a program, and says in words when it is missing', async () => {
    expect(await commandRunsCheck({ command: process.execPath, args: ['--version'], missing: 'node', fix: 'x' })()).toBeUndefined();
    const problem = await commandRunsCheck({
      command: join(scratch, 'no-such-ffmpeg'),
      args: ['-version'],
      missing: 'ffmpeg is not installed',
      fix: 'npm run setup',
    })();
    expect(problem).toEqual({ missing: expect.stringMatching(/^ffmpeg is not installed \(.*: not found\)$/), fix: 'npm run setup' });
  });

  it('collects only the problems', async () => {
    const problems = await runPreflight([async () => undefined, async () => ({ missing: 'm', fix: 'f' })]);
    expect(problems).toEqual([{ missing: 'm', fix: 'f' }]);
  });
});

describe('foldersClosedToOthers', () => {
  it('names each folder on the way that others cannot enter', () => {
    const modes: Record<string, number> = { '/root': 0o40700, '/root/app': 0o40755, '/tmp': 0o41777, '/tmp/x': 0o40700 };
    expect(foldersClosedToOthers('/root/app/node_modules', (d) => modes[d])).toEqual(['/root']);
    expect(foldersClosedToOthers('/tmp/x/data', (d) => modes[d])).toEqual(['/tmp/x']);
    expect(foldersClosedToOthers('/tmp', (d) => modes[d])).toEqual([]);
  });
});

describe('startProcess', () => {
  it('returns the process logger once every check passes', async () => {
    const logger = await startProcess('probe', { logLevel: 'silent', logFormat: 'json' }, [async () => undefined]);
    expect(logger.bindings()).toMatchObject({ role: 'probe' });
  });

  it('exits with PREFLIGHT_EXIT_CODE and the sentences, under its title, when a check fails', () => {
    const module = new URL('./preflight.ts', import.meta.url).href;
    const script = `import { startProcess } from ${JSON.stringify(module)};
await startProcess('probe', { logLevel: 'silent', logFormat: 'json' }, [async () => ({ missing: 'No disk.', fix: 'Add one.' })], 'Probe');
process.stdout.write('started');`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(PREFLIGHT_EXIT_CODE);
    expect(run.stderr).toContain('Probe cannot start:\n  - No disk.\n    Fix: Add one.');
    expect(run.stdout).not.toContain('started');
  });
});

describe('requireModuleCheck', () => {
  it('passes on a Node that can require() an ES module, as this one can', async () => {
    expect(await requireModuleCheck()()).toBeUndefined();
    expect(await requireModuleCheck({ require_module: true }, 'v22.12.0')()).toBeUndefined();
  });

  it('names the version and the fix on a Node that cannot (20.18 has no such feature; 22.11 has it off)', async () => {
    for (const [features, version] of [
      [{}, 'v20.18.1'],
      [{ require_module: false }, 'v22.11.0'],
    ] as const) {
      const problem = await requireModuleCheck(features, version)();
      expect(problem?.missing).toContain(`Node ${version} cannot require() an ES module`);
      expect(problem?.missing).toContain('20.19 or later');
      expect(problem?.fix).toMatch(/nvm install 22/);
    }
  });
});
