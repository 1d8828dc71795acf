import { describe, expect, it } from 'vitest';
import { collectQueries, metricNames, substituteVariables } from './queries.js';

describe('collectQueries', () => {
  it('finds every expr, in rows and targets, with its panel title', () => {
    const json = {
      templating: { list: [{ expr: 'ignored_variable_query' }] },
      panels: [
        { title: 'A', gridPos: {}, targets: [{ expr: 'up' }, { expr: ' ' }] },
        { title: 'Row', gridPos: {}, type: 'row', panels: [{ title: 'B', gridPos: {}, targets: [{ expr: 'rate(x[1m])' }] }] },
      ],
    };
    expect(collectQueries('d.json', json)).toEqual([
      { dashboard: 'd.json', panel: 'A', expr: 'up' },
      { dashboard: 'd.json', panel: 'B', expr: 'rate(x[1m])' },
    ]);
  });
});

describe('substituteVariables', () => {
  it('replaces Grafana range variables in both spellings and leaves unknown ones', () => {
    expect(substituteVariables('rate(a[$__rate_interval]) + increase(b[${__range}]) + $other')).toBe('rate(a[1m]) + increase(b[1h]) + $other');
    expect(substituteVariables('rate(a[$__rate_interval])', { __rate_interval: '5m' })).toBe('rate(a[5m])');
  });
});

describe('metricNames', () => {
  it('keeps metric names and drops functions, label lists, matchers and keywords', () => {
    const expr =
      'histogram_quantile(0.99, sum by (route, le) (rate(pressroom_http_request_duration_seconds_bucket{route!~"/metrics|/ready"}[1m]))) / on (role) group_left sum(pressroom_browser_pool_size) or vector(0)';
    expect(metricNames(expr)).toEqual(['pressroom_browser_pool_size', 'pressroom_http_request_duration_seconds_bucket']);
  });

  it('does not mistake label values for metrics', () => {
    expect(metricNames('count(process_start_time_seconds{role="render_worker"})')).toEqual(['process_start_time_seconds']);
  });
});
