import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { counterFromZero } from './counter-from-zero.js';

const spec = { name: 'test_things_total', help: 'Things, by colour.', label: 'colour', values: ['red', 'green'] } as const;

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
});
