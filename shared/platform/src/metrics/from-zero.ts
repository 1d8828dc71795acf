import { Counter, Histogram, type HistogramConfiguration, type Registry } from 'prom-client';

/** One series: a value for each of the metric's labels. */
export type LabelSet<L extends string> = Readonly<Record<L, string>>;

interface Naming {
  name: string;
  help: string;
}

/** Each label with every value it takes (small fixed sets): every combination is a series from the first scrape. */
export interface ProductSpec<L extends string> extends Naming {
  labels: { readonly [K in L]: readonly string[] };
}

/** The label names and the series that exist from the first scrape, when not every combination can happen. */
export interface SeriesSpec<L extends string> extends Naming {
  labelNames: readonly L[];
  series: readonly LabelSet<L>[];
}

export type CounterFromZeroSpec<L extends string> = ProductSpec<L> | SeriesSpec<L>;

/**
 * A counter registered once per registry: a second call answers the first's counter (prom-client
 * refuses a name registered twice, and a process builds its metrics in more than one place).
 * Every series it names starts at zero, in the order given, so a dashboard's rate() has a
 * starting point and a missing series never reads as "no data" where none happened. `labels: {}`
 * is a counter without labels.
 */
export function counterFromZero<L extends string>(registry: Registry, spec: CounterFromZeroSpec<L>): Counter<L> {
  const existing = registry.getSingleMetric(spec.name) as Counter<L> | undefined;
  if (existing) return existing;
  const [labelNames, series] =
    'labels' in spec ? [Object.keys(spec.labels) as L[], labelProduct(spec.labels)] : [spec.labelNames, spec.series];
  const counter = new Counter<L>({ name: spec.name, help: spec.help, labelNames, registers: [registry] });
  if (labelNames.length > 0) for (const labels of series) counter.inc(labels as Partial<Record<L, string>>, 0);
  return counter;
}

/**
 * A histogram registered once per registry, as counterFromZero. It starts no series (a series
 * started at zero would show a line per bucket bound before anything was observed).
 */
export function histogramOnce<L extends string>(registry: Registry, config: Omit<HistogramConfiguration<L>, 'registers'>): Histogram<L> {
  return (registry.getSingleMetric(config.name) as Histogram<L> | undefined) ?? new Histogram<L>({ ...config, registers: [registry] });
}

/** Pure: every combination of the labels' values, the first label varying slowest (as nested loops in key order). */
export function labelProduct<L extends string>(labels: { readonly [K in L]: readonly string[] }): LabelSet<L>[] {
  let sets: Record<string, string>[] = [{}];
  for (const [name, values] of Object.entries<readonly string[]>(labels)) {
    sets = sets.flatMap((set) => values.map((value) => ({ ...set, [name]: value })));
  }
  return sets as LabelSet<L>[];
}
