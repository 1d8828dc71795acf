import { Counter, type Registry } from 'prom-client';

export interface CounterFromZeroSpec<L extends string> {
  name: string;
  help: string;
  /** The counter's one label. */
  label: L;
  /** Every value the label takes (a small fixed set): each series exists from the first scrape. */
  values: readonly string[];
}

/**
 * A counter of one label registered once per registry: a second call answers the first's counter
 * (prom-client refuses a name registered twice, and a process builds its metrics in more than one
 * place). Every value's series starts at zero, so a dashboard's rate() has a starting point and a
 * missing series never reads as "no data" where none happened.
 */
export function counterFromZero<L extends string>(registry: Registry, spec: CounterFromZeroSpec<L>): Counter<L> {
  const existing = registry.getSingleMetric(spec.name) as Counter<L> | undefined;
  if (existing) return existing;
  const counter = new Counter<L>({ name: spec.name, help: spec.help, labelNames: [spec.label], registers: [registry] });
  for (const value of spec.values) counter.inc({ [spec.label]: value } as Partial<Record<L, string>>, 0);
  return counter;
}
