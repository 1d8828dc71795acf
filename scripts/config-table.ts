// Prints the configuration table of every process, from the options they declare. The README's
// table is this output; `scripts/config-table.test.ts` fails when the two drift apart.

import { controlPlaneOptions } from '@pressroom/control-plane';
import { farmOptions } from '@pressroom/farm';
import { mediaWorkerOptions } from '@pressroom/media-worker';
import { describeConfig } from '@pressroom/model';
import { renderWorkerOptions } from '@pressroom/render-worker';

export function configTable(): string {
  const seen = new Map<string, { default: string; description: string; roles: string[] }>();
  for (const [role, spec] of [
    ['control-plane', controlPlaneOptions],
    ['render-worker', renderWorkerOptions],
    ['media-worker', mediaWorkerOptions],
    // Only the launcher's own options: it reads the control plane's too, and passes them on.
    ['farm', farmOptions],
  ] as const) {
    for (const row of describeConfig(spec)) {
      const entry = seen.get(row.variable) ?? { default: row.default, description: row.description, roles: [] };
      entry.roles.push(role);
      seen.set(row.variable, entry);
    }
  }
  const lines = ['| Variable | Default | Used by | Description |', '|---|---|---|---|'];
  for (const [variable, e] of seen) {
    const roles = e.roles.length === 3 ? 'all' : e.roles.join(', ');
    lines.push(
      `| \`${variable}\` | ${e.default === '(unset)' ? '_unset_' : `\`${e.default}\``} | ${roles} | ${e.description.replaceAll('|', '\\|')} |`,
    );
  }
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) process.stdout.write(`${configTable()}\n`);
