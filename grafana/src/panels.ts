// Small builders for Grafana dashboard JSON. The dashboards are written as code so every PromQL
// expression lives in one reviewable place and `check-queries.ts` can evaluate them all.

/** Every panel queries the datasource picked in the dashboard's `datasource` variable. */
const DATASOURCE = { type: 'prometheus', uid: '${datasource}' } as const;

export interface Query {
  expr: string;
  /** Legend, with Grafana's `{{label}}` templating. */
  legend?: string;
}

export interface PanelOptions {
  title: string;
  description?: string;
  queries: Query[];
  unit?: string;
  /** Grid width in 24ths; height is fixed per panel kind. */
  width?: number;
  /** A red horizontal line at this value, e.g. the 10-second sync budget. */
  budgetLine?: number;
  stacked?: boolean;
  min?: number;
  max?: number;
}

export interface Panel {
  id?: number;
  type: string;
  title: string;
  gridPos: { x: number; y: number; w: number; h: number };
  [key: string]: unknown;
}

function targets(queries: Query[]) {
  return queries.map((q, i) => ({
    datasource: DATASOURCE,
    refId: String.fromCharCode(65 + i),
    expr: q.expr,
    legendFormat: q.legend ?? '__auto',
    range: true,
  }));
}

function thresholds(budgetLine: number | undefined) {
  const steps: { color: string; value: number | null }[] = [{ color: 'green', value: null }];
  if (budgetLine !== undefined) steps.push({ color: 'red', value: budgetLine });
  return { mode: 'absolute', steps };
}

/** What every query panel shares: type, texts, datasource, size, targets and the value unit and range. */
function queryPanel(type: string, o: PanelOptions, size: { w: number; h: number }, defaults: Record<string, unknown>) {
  return {
    type,
    title: o.title,
    description: o.description ?? '',
    datasource: DATASOURCE,
    gridPos: { x: 0, y: 0, w: o.width ?? size.w, h: size.h },
    targets: targets(o.queries),
    fieldConfig: {
      defaults: {
        unit: o.unit ?? 'short',
        ...(o.min !== undefined ? { min: o.min } : {}),
        ...(o.max !== undefined ? { max: o.max } : {}),
        ...defaults,
      },
      overrides: [],
    },
  };
}

export function timeseries(o: PanelOptions): Panel {
  return {
    ...queryPanel('timeseries', o, { w: 12, h: 8 }, {
      thresholds: thresholds(o.budgetLine),
      custom: {
        drawStyle: 'line',
        lineWidth: 1,
        fillOpacity: o.stacked ? 30 : 0,
        stacking: { mode: o.stacked ? 'normal' : 'none', group: 'A' },
        showPoints: 'never',
        spanNulls: false,
        thresholdsStyle: { mode: o.budgetLine !== undefined ? 'line' : 'off' },
      },
    }),
    options: { legend: { displayMode: 'table', placement: 'bottom', calcs: ['lastNotNull', 'max'] }, tooltip: { mode: 'multi', sort: 'desc' } },
  };
}

export interface StatOptions extends PanelOptions {
  /** Steps from bad to good, e.g. red below 0.95, green above: [[null,'red'],[0.95,'green']]. */
  steps?: [number | null, string][];
}

export function stat(o: StatOptions): Panel {
  const steps = (o.steps ?? [[null, 'green']]).map(([value, color]) => ({ value, color }));
  return {
    ...queryPanel('stat', o, { w: 6, h: 5 }, { thresholds: { mode: 'absolute', steps } }),
    options: { reduceOptions: { calcs: ['lastNotNull'], fields: '', values: false }, colorMode: 'background', graphMode: 'area', textMode: 'auto' },
  };
}

export function row(title: string): Panel {
  return { type: 'row', title, collapsed: false, panels: [], gridPos: { x: 0, y: 0, w: 24, h: 1 } };
}

/** Lays panels out left to right, wrapping at 24 columns, and numbers them. */
function layout(panels: Panel[]): Panel[] {
  let x = 0;
  let y = 0;
  let rowHeight = 0;
  return panels.map((panel, index) => {
    const { w, h } = panel.gridPos;
    if (panel.type === 'row' || x + w > 24) {
      y += rowHeight;
      x = 0;
      rowHeight = 0;
    }
    const placed = { ...panel, id: index + 1, gridPos: { x, y, w, h } };
    x += w;
    rowHeight = Math.max(rowHeight, h);
    if (panel.type === 'row') {
      y += h;
      x = 0;
      rowHeight = 0;
    }
    return placed;
  });
}

export interface DashboardOptions {
  uid: string;
  title: string;
  description: string;
  panels: Panel[];
}

export function dashboard(o: DashboardOptions) {
  return {
    uid: o.uid,
    title: o.title,
    description: o.description,
    tags: ['pressroom'],
    timezone: 'browser',
    schemaVersion: 39,
    version: 1,
    editable: true,
    graphTooltip: 1,
    refresh: '30s',
    time: { from: 'now-1h', to: 'now' },
    templating: {
      list: [
        {
          name: 'datasource',
          label: 'Prometheus',
          type: 'datasource',
          query: 'prometheus',
          current: {},
          hide: 0,
          refresh: 1,
          regex: '',
        },
      ],
    },
    annotations: { list: [] },
    links: [{ title: 'Pressroom dashboards', type: 'dashboards', tags: ['pressroom'], asDropdown: true }],
    panels: layout(o.panels),
  };
}

/** `histogram_quantile` over a histogram's buckets, keeping `by` labels. */
export function quantile(q: number, metric: string, by: string[], selector = ''): string {
  const labels = [...by, 'le'].join(', ');
  return `histogram_quantile(${q}, sum by (${labels}) (rate(${metric}_bucket${selector}[$__rate_interval])))`;
}
