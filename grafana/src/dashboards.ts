import { overview } from './overview.js';
import { renderFarm } from './render-farm.js';
import { webhooks } from './webhooks.js';

/** File name (in grafana/dashboards/) → dashboard. */
export const DASHBOARDS = {
  'pressroom-overview.json': overview,
  'render-farm.json': renderFarm,
  'webhooks.json': webhooks,
} as const;

export function render(dashboard: unknown): string {
  return `${JSON.stringify(dashboard, null, 2)}\n`;
}
