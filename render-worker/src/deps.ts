import type { DesignSource, Logger, ObjectStorage } from '@pressroom/platform';
import type pg from 'pg';
import type { Registry } from 'prom-client';
import type { AnimationRenderer } from './animation/render-animation.js';
import type { RenderWorkerConfig } from './config.js';
import type { PrintRenderer } from './print/print-renderer.js';
import type { InteractiveGate } from './static/interactive-gate.js';
import type { StaticRenderer } from './static/pipeline.js';
import type { RenderFontSource } from './static/render-fonts.js';
import type { WarmDesigns } from './static/warm-designs.js';
import type { RenderMetrics } from './tasks/metrics.js';

/** What every render task receives. Built once per process by the entry file (or a test). */
export interface RenderDeps {
  config: RenderWorkerConfig;
  db: pg.Pool;
  storage: ObjectStorage;
  logger: Logger;
  metrics: Registry;
  renderMetrics: RenderMetrics;
  designs: DesignSource;
  /** Draws one file; `createChromiumRenderer` in production. */
  render: StaticRenderer;
  /** Draws parts of animated files; `createChromiumAnimator` in production. */
  animation: AnimationRenderer;
  /** Draws one printable PDF; absent: print jobs fail with a clear reason. */
  print?: PrintRenderer;
  /** Each render's fonts: the bundled ones plus its workspace's uploads (`workspaceFontSource`). */
  fonts: RenderFontSource;
  /** The warm design canvases `render` keeps (evicted here when a design is gone); absent: none. */
  warm?: WarmDesigns | null;
  /**
   * Where bulk renders step aside for this worker's sync renders (`render` holds the same); null:
   * never. Required, so a wiring that forgets it does not compile.
   */
  gate: InteractiveGate | null;
}
