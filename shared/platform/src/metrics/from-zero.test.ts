import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { counterFromZero, histogramOnce, labelProduct } from './from-zero.js';

const spec = { name: 'test_things_total', help: 'Things, by colour.', labels: { colour: ['red', 'green'] } } as const;

describe('counterFromZero', () => {
  it("every value's series is there at zero before anything is counted", async () => {
    const registry = new Registry();
    const counter = counterFromZero(registry, spec);
    counter.inc({ colour: 'green' });
    expect(await registry.metrics()).toBe(
      [
        '# HELP test_things_total Things, by colour.',
        '# TYPE test_things_total counter',
        'test_things_total{colour="red"} 0',
        'test_things_total{colour="green"} 1',
        '',
      ].join('\n'),
    );
  });

  it('a second call on the same registry answers the first counter, its counts kept', async () => {
    const registry = new Registry();
    const first = counterFromZero(registry, spec);
    first.inc({ colour: 'red' }, 2);
    const second = counterFromZero(registry, spec);
    expect(second).toBe(first);
    expect(registry.getMetricsAsArray()).toHaveLength(1);
    expect(await registry.getSingleMetricAsString(spec.name)).toContain('test_things_total{colour="red"} 2');
  });

  it('each registry has a counter of its own', async () => {
    const [a, b] = [new Registry(), new Registry()];
    counterFromZero(a, spec).inc({ colour: 'red' });
    counterFromZero(b, spec);
    expect(await b.getSingleMetricAsString(spec.name)).toContain('test_things_total{colour="red"} 0');
  });

  it('starts every combination of several labels, the first varying slowest', async () => {
    const registry = new Registry();
    counterFromZero(registry, { name: 'test_pairs_total', help: 'Pairs.', labels: { size: ['s', 'l'], colour: ['red', 'green'] } });
    expect(await registry.metrics()).toBe(
      [
        '# HELP test_pairs_total Pairs.',
        '# TYPE test_pairs_total counter',
        'test_pairs_total{size="s",colour="red"} 0',
        'test_pairs_total{size="s",colour="green"} 0',
        'test_pairs_total{size="l",colour="red"} 0',
        'test_pairs_total{size="l",colour="green"} 0',
        '',
      ].join('\n'),
    );
  });

  it('starts only the series it is given, in their order, when not every combination can happen', async () => {
    const registry = new Registry();
    counterFromZero(registry, {
      name: 'test_sources_total',
      help: 'Sources.',
      labelNames: ['source', 'reason'],
      series: [
        { source: 'layers', reason: 'none' },
        { source: 'chromium', reason: 'filter' },
      ],
    });
    expect(await registry.metrics()).toContain(
      'test_sources_total{source="layers",reason="none"} 0\ntest_sources_total{source="chromium",reason="filter"} 0\n',
    );
  });

  it('without labels is one series at zero', async () => {
    const registry = new Registry();
    counterFromZero(registry, { name: 'test_bytes_total', help: 'Bytes.', labels: {} }).inc(3);
    expect(await registry.metrics()).toBe('# HELP test_bytes_total Bytes.\n# TYPE test_bytes_total counter\ntest_bytes_total 3\n');
  });
});

describe('labelProduct', () => {
  it('is every combination, in nested-loop order; no labels is the one empty set', () => {
    expect(labelProduct({ a: ['1', '2'], b: ['x'] })).toEqual([
      { a: '1', b: 'x' },
      { a: '2', b: 'x' },
    ]);
    expect(labelProduct({})).toEqual([{}]);
    expect(labelProduct({ a: ['1'], b: [] })).toEqual([]);
  });
});

describe('histogramOnce', () => {
  it('registers once per registry and starts no series', async () => {
    const registry = new Registry();
    const config = { name: 'test_seconds', help: 'Seconds.', labelNames: ['stage'] as const, buckets: [1] };
    const first = histogramOnce(registry, config);
    expect(histogramOnce(registry, config)).toBe(first);
    expect(await registry.metrics()).toBe('# HELP test_seconds Seconds.\n# TYPE test_seconds histogram\n');
  });
});
