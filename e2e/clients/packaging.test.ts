// `npm pack` of the two client packages holds only what they need: the CLI's one bundled file, the
// n8n node's built credentials, nodes and icon (what its `n8n` section names), each README and
// package.json; and what is packed works on its own (the CLI from an unpacked tarball, the n8n
// files loaded as n8n loads them, by require()).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from './cli-runner.js';

interface Packed {
  name: string;
  filename: string;
  files: { path: string; mode: number }[];
}

const dryRun = (dir: string): Packed =>
  (
    JSON.parse(
      execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts=false'], {
        cwd: join(ROOT, dir),
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    ) as Packed[]
  )[0] as Packed;

const temp = mkdtempSync(join(tmpdir(), 'pressroom-pack-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe('npm pack of the CLI', () => {
  it('holds the bundle, its README and package.json, and nothing else; the bin is executable', () => {
    const packed = dryRun('cli');
    expect(packed.files.map((f) => f.path).sort()).toEqual(['README.md', 'dist/pressroom.mjs', 'package.json']);
    expect((packed.files.find((f) => f.path === 'dist/pressroom.mjs')?.mode ?? 0) & 0o111).not.toBe(0);
    const manifest = JSON.parse(readFileSync(join(ROOT, 'cli/package.json'), 'utf8'));
    expect(manifest.bin).toEqual({ pressroom: 'dist/pressroom.mjs' });
    expect(manifest.dependencies ?? {}).toEqual({});
  });

  it('runs from the unpacked tarball with nothing installed', () => {
    execFileSync('npm', ['pack', '--pack-destination', temp], { cwd: join(ROOT, 'cli'), stdio: 'ignore' });
    const tarball = readdirTgz(temp, 'pressroom-cli-');
    execFileSync('tar', ['-xzf', tarball, '-C', temp]);
    const help = execFileSync(process.execPath, [join(temp, 'package/dist/pressroom.mjs'), '--help'], { cwd: temp, encoding: 'utf8' });
    expect(help).toContain('designs push <dir>');
  });
});

function readdirTgz(dir: string, prefix: string): string {
  const name = execFileSync('ls', [dir], { encoding: 'utf8' })
    .split('\n')
    .find((n) => n.startsWith(prefix) && n.endsWith('.tgz'));
  if (!name) throw new Error(`no ${prefix}*.tgz in ${dir}`);
  return join(dir, name);
}

describe('npm pack of the n8n node', () => {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'n8n-nodes-pressroom/package.json'), 'utf8'));

  it("follows n8n's community-node conventions", () => {
    expect(manifest.name).toMatch(/^n8n-nodes-/);
    expect(manifest.keywords).toContain('n8n-community-node-package');
    expect(manifest.n8n.n8nNodesApiVersion).toBe(1);
    expect(manifest.peerDependencies).toHaveProperty('n8n-workflow');
    expect(manifest.dependencies ?? {}).toEqual({});
  });

  it('holds the built credentials, nodes and icon its n8n section names, its README and package.json, and nothing else', () => {
    const packed = dryRun('n8n-nodes-pressroom');
    const paths = packed.files.map((f) => f.path).sort();
    expect(paths).toEqual(
      [
        'README.md',
        'dist/credentials/PressroomApi.credentials.js',
        'dist/nodes/Pressroom/Pressroom.node.js',
        'dist/nodes/Pressroom/PressroomTrigger.node.js',
        'dist/nodes/Pressroom/pressroom.svg',
        'package.json',
      ].sort(),
    );
    for (const file of [...manifest.n8n.credentials, ...manifest.n8n.nodes]) expect(paths).toContain(file);
  });

  it('each file loads as n8n loads it (require) and exports the class its file is named after', () => {
    const require = createRequire(join(ROOT, 'n8n-nodes-pressroom/package.json'));
    for (const file of [...manifest.n8n.credentials, ...manifest.n8n.nodes] as string[]) {
      const className = (file.split('/').pop() ?? '').split('.')[0] as string;
      const loaded = require(join(ROOT, 'n8n-nodes-pressroom', file))[className];
      expect(typeof loaded, file).toBe('function');
      const instance = new loaded();
      if (file.includes('/credentials/')) expect(instance.name).toBe('pressroomApi');
      else expect(instance.description.credentials).toEqual([{ name: 'pressroomApi', required: true }]);
    }
  });
});
