// `npx tsx grafana/build-dashboards.ts`: writes grafana/dashboards/*.json from grafana/src/.
// The JSON is committed so Grafana (and docker-compose provisioning) needs no build step.
import { writeFile } from 'node:fs/promises';
import { DASHBOARDS, render } from './src/dashboards.js';

const dir = new URL('./dashboards/', import.meta.url);
for (const [file, dashboard] of Object.entries(DASHBOARDS)) {
  await writeFile(new URL(file, dir), render(dashboard));
  process.stdout.write(`wrote grafana/dashboards/${file} (${dashboard.panels.length} panels)\n`);
}
