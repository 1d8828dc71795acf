#!/usr/bin/env node
// `npm run setup`: everything `npm start` needs on this machine; `npm run setup -- --test` adds
// what `npm test` needs. Needs nothing but Node and a shell (node_modules may not exist yet), so
// it imports only Node's own modules. Every step checks before it acts: on a machine that is
// already set up it does nothing and takes seconds. `.ci/run` calls this same script.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const { findSystemChromium, findSystemHeadlessShell } = require('../render-worker/src/browser/system-chromium.cjs');

const withTests = process.argv.includes('--test');
const todo = []; // commands the user has to run, printed at the end

const log = (message) => process.stdout.write(`setup: ${message}\n`);
const onPath = (name) => (process.env.PATH ?? '').split(delimiter).some((dir) => dir && existsSync(join(dir, name)));
const run = (command, args, options = {}) => {
  log(`${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: ROOT, ...options });
  if (result.status !== 0) throw new Error(`\`${command} ${args.join(' ')}\` failed (exit ${result.status ?? result.signal})`);
};
const hashOf = (files) => {
  const hash = createHash('sha256');
  for (const file of files) hash.update(existsSync(file) ? readFileSync(file) : `missing ${file}`);
  return hash.digest('hex');
};

// 1. System packages: the Debian package, how to tell it is there, the Homebrew formula (or null).
const DPKG_STATUS = '-f=$' + '{Status}'; // dpkg-query's format string, not a JS template
const dpkgHas = (pkg) =>
  spawnSync('dpkg-query', ['-W', DPKG_STATUS, pkg], { encoding: 'utf8' }).stdout?.includes('install ok installed') === true;
const SYSTEM = [
  { apt: 'chromium', present: () => Boolean(process.env.PUPPETEER_EXECUTABLE_PATH || findSystemChromium()), brew: null },
  // The render pool's browser, frames on demand (docs/render-worker.md, "Frames on demand").
  // Optional: installed where the distribution has it (Debian; Ubuntu has none); without it the
  // render pool draws with the full Chromium, only slower.
  {
    apt: 'chromium-headless-shell',
    present: () => Boolean(process.env.PUPPETEER_EXECUTABLE_PATH || findSystemHeadlessShell()),
    brew: null,
    debianOnly: true,
    optional: true,
  },
  { apt: 'ffmpeg', present: () => Boolean(process.env.FFMPEG_PATH) || onPath('ffmpeg'), brew: 'ffmpeg' },
  { apt: 'poppler-utils', present: () => onPath('pdfinfo'), brew: 'poppler' },
  { apt: 'ghostscript', present: () => onPath('gs'), brew: 'ghostscript' },
  { apt: 'fonts-noto-core', present: () => dpkgHas('fonts-noto-core'), brew: null, debianOnly: true },
  { apt: 'fonts-liberation2', present: () => dpkgHas('fonts-liberation2'), brew: null, debianOnly: true },
  { apt: 'fonts-noto-cjk', present: () => dpkgHas('fonts-noto-cjk'), brew: null, debianOnly: true },
  { apt: 'fonts-noto-color-emoji', present: () => dpkgHas('fonts-noto-color-emoji'), brew: null, debianOnly: true },
  { apt: 'python3-venv', present: () => dpkgHas('python3-venv'), brew: null, debianOnly: true },
];

function systemPackages() {
  const isRoot = process.getuid?.() === 0;
  if (process.platform === 'linux' && onPath('apt-get') && onPath('dpkg-query')) {
    const absent = SYSTEM.filter((p) => !p.present());
    const missing = absent.filter((p) => !p.optional).map((p) => p.apt);
    const optional = absent.filter((p) => p.optional).map((p) => p.apt);
    if (absent.length === 0) return log('system packages: all present');
    const sudo = isRoot ? [] : onPath('sudo') ? ['sudo'] : undefined;
    if (!sudo) {
      if (missing.length > 0) todo.push(`sudo apt-get update && sudo apt-get install -y ${missing.join(' ')}`);
      if (optional.length > 0) log(`optional, not installed (no root, no sudo): ${optional.join(' ')}`);
      return;
    }
    const apt = (args) =>
      sudo.length
        ? run('sudo', ['env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', ...args])
        : run('apt-get', args, { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    apt(['update', '-qq']);
    if (missing.length > 0) apt(['install', '-y', '-qq', ...missing]);
    for (const pkg of optional) {
      try {
        apt(['install', '-y', '-qq', pkg]);
      } catch {
        log(`optional, not available here: ${pkg}`);
      }
    }
    return;
  }
  if (process.platform === 'darwin') {
    const formulas = SYSTEM.filter((p) => p.brew && !p.present()).map((p) => p.brew);
    if (formulas.length > 0) {
      if (onPath('brew')) run('brew', ['install', ...formulas]);
      else todo.push(`brew install ${formulas.join(' ')}   (Homebrew: https://brew.sh)`);
    }
    if (!findSystemChromium() && !process.env.PUPPETEER_EXECUTABLE_PATH)
      log('no Chrome or Chromium found: npm install lets puppeteer download its own Chrome');
    return;
  }
  const missing = SYSTEM.filter((p) => !p.debianOnly && !p.present()).map((p) => p.apt);
  if (missing.length > 0)
    todo.push(`install with your package manager: ${missing.join(', ')} (or set PUPPETEER_EXECUTABLE_PATH / FFMPEG_PATH)`);
}

// 2. Node dependencies. `npm install`, never `npm ci` (see .ci/run). puppeteer reads
//    .puppeteerrc.cjs and downloads no browser when the machine has one. Skipped when the
//    lockfile and manifests are what the last install saw.
function nodeModules() {
  const manifests = [
    'package.json',
    'package-lock.json',
    'shared/model',
    'shared/platform',
    'shared/renderer',
    'control-plane',
    'render-worker',
    'media-worker',
    'e2e',
  ].map((p) => (p.endsWith('.json') ? join(ROOT, p) : join(ROOT, p, 'package.json')));
  const stamp = join(ROOT, 'node_modules', '.pressroom-setup');
  const hash = hashOf(manifests);
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) return log('node_modules: up to date');
  run('npm', ['install', '--no-audit', '--no-fund']);
  writeFileSync(stamp, hash);
}

// 3. The compiled process entries `npm start` runs (scripts/build.mjs): built now so that the first
//    start does not pay for it; rebuilt only when a source changed since.
async function compiledEntries() {
  const { ensureBuilt } = await import('./build.mjs');
  const reason = await ensureBuilt({ log });
  log(reason ? `compiled the process entries (${reason})` : 'compiled entries: up to date');
}

// 4. Test-only tools: MinIO and k6 built with Go into ~/go/bin (the tests look there), and a Python
//    venv with requirements-test.txt (re-installed when that file changes).
function goTools() {
  const goBin = join(process.env.GOPATH ?? join(homedir(), 'go'), 'bin');
  const tools = [
    { name: 'minio', module: 'github.com/minio/minio@latest' },
    { name: 'k6', module: 'go.k6.io/k6@v1.8.1' },
  ];
  for (const tool of tools) {
    if (existsSync(join(goBin, tool.name)) || onPath(tool.name)) {
      log(`${tool.name}: present`);
      continue;
    }
    const go = onPath('go') ? 'go' : existsSync('/usr/local/go/bin/go') ? '/usr/local/go/bin/go' : undefined;
    if (!go) {
      todo.push(`install Go, then: go install ${tool.module}`);
      continue;
    }
    run(go, ['install', tool.module]);
  }
}

// 5. The container test (`npm run test:deploy`): a Docker engine with Debian's docker.io, Compose
//    (the plugin where installed, else Debian's docker-compose) and debootstrap, which makes the
//    base images where no image registry is reachable (deploy/base-images.sh). As root, dockerd
//    is started in the background when nothing answers (its log: /var/log/pressroom-dockerd.log).
function dockerEngine() {
  const answers = () => spawnSync('docker', ['info', '--format', '{{.ServerVersion}}'], { stdio: 'ignore' }).status === 0;
  const isRoot = process.getuid?.() === 0;
  if (process.platform !== 'linux' || !onPath('apt-get')) {
    if (!answers()) todo.push("start a Docker engine with Compose (Docker Desktop, or your distribution's docker and docker-compose)");
    return;
  }
  const packages = [
    { apt: 'docker.io', present: () => onPath('dockerd') },
    {
      apt: 'docker-compose',
      present: () => onPath('docker-compose') || spawnSync('docker', ['compose', 'version'], { stdio: 'ignore' }).status === 0,
    },
    { apt: 'debootstrap', present: () => onPath('debootstrap') },
  ].filter((p) => !p.present());
  if (packages.length > 0) {
    const names = packages.map((p) => p.apt);
    if (!isRoot) {
      todo.push(`sudo apt-get install -y ${names.join(' ')} && sudo dockerd &   (or: sudo systemctl start docker)`);
      return;
    }
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    run('apt-get', ['update', '-qq'], { env });
    run('apt-get', ['install', '-y', '-qq', ...names], { env });
  }
  if (answers()) return log('docker: the engine answers');
  if (!isRoot) {
    todo.push('sudo systemctl start docker   (or: sudo dockerd &; and add yourself to the docker group)');
    return;
  }
  log('starting dockerd in the background (log: /var/log/pressroom-dockerd.log)');
  const out = openSync('/var/log/pressroom-dockerd.log', 'a');
  const child = spawn('dockerd', [], { detached: true, stdio: ['ignore', out, out] });
  child.unref();
  for (let i = 0; i < 60 && !answers(); i++) spawnSync('sleep', ['1']);
  if (!answers()) throw new Error('dockerd did not answer within 60 s: see /var/log/pressroom-dockerd.log');
  log('docker: the engine answers');
}

function pythonVenv() {
  const venv = join(ROOT, '.venv');
  const python = join(venv, 'bin', 'python');
  const requirements = join(ROOT, 'requirements-test.txt');
  const stamp = join(venv, '.requirements-test.sha256');
  const hash = hashOf([requirements]);
  if (existsSync(python) && existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) return log('.venv: up to date');
  if (!existsSync(python)) run('python3', ['-m', 'venv', venv]);
  run(python, ['-m', 'pip', 'install', '-q', '--disable-pip-version-check', '-r', requirements]);
  writeFileSync(stamp, hash);
}

try {
  systemPackages();
  nodeModules();
  await compiledEntries();
  if (withTests) {
    goTools();
    pythonVenv();
    dockerEngine();
  }
} catch (err) {
  process.stderr.write(`\nsetup failed: ${err.message}\n`);
  process.exit(1);
}
if (todo.length > 0) {
  process.stderr.write(
    `\nsetup could not do everything by itself. Run:\n${todo.map((c) => `  ${c}`).join('\n')}\nthen \`npm run setup${withTests ? ' -- --test' : ''}\` again.\n`,
  );
  process.exit(1);
}
log(withTests ? 'ready: npm test' : 'ready: npm start');
