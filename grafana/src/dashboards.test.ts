import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DASHBOARDS, render } from './dashboards.js';
import { PENDING_METRICS } from './metric-names.js';
import { collectQueries, metricNames } from './queries.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const WORKSPACES = ['shared/model', 'shared/platform', 'control-plane', 'render-worker', 'media-worker', 'shared/renderer'];

/** Every `name: 'pressroom_…'` a prom-client metric is registered with, in the workspaces' sources. */
function registeredMetrics(): Set<string> {
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules') continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
        for (const m of readFileSync(path, 'utf8').matchAll(/name: '(pressroom_\w+)'/g)) names.add(m[1]!);
      }
    }
  };
  for (const ws of WORKSPACES) walk(join(ROOT, ws, 'src'));
  return names;
}

function baseName(series: string): string {
  return series.replace(/_(bucket|count|sum)$/, '');
}

const queries = Object.entries(DASHBOARDS).flatMap(([file, d]) => collectQueries(file, d));

describe('dashboards', () => {
  it.each(Object.keys(DASHBOARDS))('grafana/dashboards/%s is what build-dashboards.ts writes', (file) => {
    const committed = readFileSync(join(ROOT, 'grafana', 'dashboards', file), 'utf8');
    expect(committed, 'run: npx tsx grafana/build-dashboards.ts').toBe(render(DASHBOARDS[file as keyof typeof DASHBOARDS]));
  });

  it('read only pressroom_ metrics that the code registers, or that are listed as pending', () => {
    const registered = registeredMetrics();
    const read = new Set(queries.flatMap((q) => metricNames(q.expr)).filter((n) => n.startsWith('pressroom_')).map(baseName));
    const unknown = [...read].filter((n) => !registered.has(n) && !PENDING_METRICS.includes(n));
    expect(unknown).toEqual([]);
  });

  it('list no pending metric that the code already registers (take it off PENDING_METRICS)', () => {
    const registered = registeredMetrics();
    expect(PENDING_METRICS.filter((n) => registered.has(n))).toEqual([]);
  });

  it('give every panel a unique id and keep it inside the 24-column grid', () => {
    for (const d of Object.values(DASHBOARDS)) {
      const ids = d.panels.map((p) => p.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const p of d.panels) expect(p.gridPos.x + p.gridPos.w).toBeLessThanOrEqual(24);
    }
  });
});
