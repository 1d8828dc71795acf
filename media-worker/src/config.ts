import { type ConfigOf, env, loadConfig, option } from '@pressroom/model';
import { ffmpegOptions, jobWorkerOptions } from '@pressroom/platform';

export const mediaWorkerOptions = {
  mediaConcurrency: option(env.int(1, 64), '4', 'Jobs one media-worker process runs at once.'),
  compositeThreads: option(
    env.int(0, 32),
    '2',
    'Threads compositing a layer-composited animation\'s frames side by side (docs/animation.md, "Where the work runs"); 0 composites on the job\'s own thread.',
  ),
  ...ffmpegOptions,
  animationPartWaitMs: option(
    env.int(100),
    '120000',
    "How long an animation's encode, streaming its frame ranges in order while they are captured, waits for the next range before it refuses the file (covers a killed render worker's range being redrawn).",
  ),
  webhookTimeoutMs: option(env.int(100), '15000', 'A receiver must acknowledge a webhook within this many milliseconds.'),
  webhookRetryGapsMs: option(
    env.string(),
    '15000,180000,600000,1800000,7200000',
    'Gaps between the 6 webhook attempts (ms, comma-separated).',
  ),
  webhookExportRetryGapsMs: option(
    env.string(),
    '60000,180000,600000,1800000,7200000',
    'Gaps between attempts of an export callback (ms).',
  ),
  webhookTimeScale: option(
    env.number(0),
    '1',
    'Multiplies every webhook gap and the signing-secret windows; tests compress time with e.g. 0.001.',
  ),
  bulkWindow: option(
    env.int(1, 10000),
    '32',
    "Most rows of one bulk run with an open generation request at once (docs/bulk.md): the run's pace. Keep it above the farm's render concurrency so the render workers never wait on the runner, and small enough that the queue never holds a whole run.",
  ),
  bulkIntervalMs: option(env.int(10, 60000), '250', 'How often the bulk runner looks at a running bulk run to start its next rows (ms).'),
  apiHostName: option(env.string(), 'localhost', 'API host name sent in the X-Referer header of webhooks.'),
  ...jobWorkerOptions,
};

export type MediaWorkerConfig = ConfigOf<typeof mediaWorkerOptions>;

export function loadMediaWorkerConfig(environment: NodeJS.ProcessEnv = process.env): MediaWorkerConfig {
  return loadConfig(mediaWorkerOptions, environment);
}
