// Pure helpers of check-queries.ts: find every PromQL expression in a dashboard, make it
// evaluable outside Grafana, and name the metrics it reads.

export interface FoundQuery {
  dashboard: string;
  panel: string;
  expr: string;
}

/** Every `expr` under `panels` (rows included), with the title of the panel that holds it. */
export function collectQueries(dashboardFile: string, json: unknown): FoundQuery[] {
  const found: FoundQuery[] = [];
  const visit = (node: unknown, panel: string) => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item, panel);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    const title = typeof record.title === 'string' && 'gridPos' in record ? record.title : panel;
    if (typeof record.expr === 'string' && record.expr.trim() !== '') found.push({ dashboard: dashboardFile, panel: title, expr: record.expr });
    for (const [key, value] of Object.entries(record)) if (key !== 'templating') visit(value, title);
  };
  visit((json as { panels?: unknown }).panels ?? [], '(dashboard)');
  return found;
}

/** Grafana's built-in range variables, replaced by fixed windows so Prometheus can evaluate them. */
const GRAFANA_VARIABLES: Record<string, string> = {
  __rate_interval: '1m',
  __interval: '15s',
  __range: '1h',
};

/** Replaces `$__rate_interval`, `${__range}` and friends; an unknown variable is left for Prometheus to refuse. */
export function substituteVariables(expr: string, overrides: Record<string, string> = {}): string {
  const values = { ...GRAFANA_VARIABLES, ...overrides };
  return expr.replace(/\$\{(\w+)\}|\$(\w+)/g, (match, braced: string | undefined, bare: string | undefined) => {
    const name = braced ?? bare ?? '';
    return values[name] ?? match;
  });
}

const KEYWORDS = new Set(['by', 'without', 'on', 'ignoring', 'group_left', 'group_right', 'and', 'or', 'unless', 'bool', 'offset', 'inf', 'nan']);

/** Metric names an expression selects (functions, label lists, matchers and durations removed). */
export function metricNames(expr: string): string[] {
  const stripped = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ');
  const names = new Set<string>();
  for (const match of stripped.matchAll(/[a-zA-Z_:][\w:]*/g)) {
    const token = match[0];
    const after = stripped.slice((match.index ?? 0) + token.length).trimStart();
    if (after.startsWith('(') || KEYWORDS.has(token.toLowerCase())) continue;
    names.add(token);
  }
  return [...names].sort();
}
