// The rows of `npm run bench:media`: one entry per case. A case generates one file through the
// farm's HTTP API and reports its figures; add a row by adding an entry (print PDFs will).
import type pg from 'pg';
import { api, type Farm, type Json } from '../../render-worker/tasks/testing/farm-processes.js';
import { cpuSeconds } from './cpu.js';

export interface BenchContext {
  farm: Farm;
  pool: pg.Pool;
  /** API key and design id of the seeded example, by example file name. */
  designs: Record<string, { key: string; designId: string }>;
  /** Animation length of the seeded animated example, seconds. */
  animationSeconds: number;
}

export interface BenchRow {
  case: string;
  wallSeconds: number;
  /** What the issue asks of this case, as text ("< 5 s"), and whether it was met. */
  target: string;
  met: boolean;
  /** Free-form figures: frames/s, the split between frames and encoding, file size. */
  notes: string;
}

export interface BenchCase {
  name: string;
  /** Runs once before measuring (browser launch, fonts, caches). */
  warmUp?: boolean;
  run(ctx: BenchContext): Promise<BenchRow>;
}

const ANIMATED = 'animated-product-launch.json';

/**
 * One animated file of the example, `square` (1080×1080). Measures from the POST to the answer
 * of the API's GET once the file is done; the frames phase ends when every part is stored. Both
 * are watched in the database every 25 ms with one light query (`watchFile`): polling the API
 * that often cost the control plane and Postgres about a tenth of a core, taken from the farm it
 * measures. The overlap of capture and encode comes from Postgres's clock: the encode starts
 * when a media worker locks its job, the capture ends when the last part is recorded.
 */
function animatedCase(fileType: 'mp4' | 'gif' | 'html5', target: (ctx: BenchContext) => { text: string; seconds: number }): BenchCase {
  return {
    name: `${fileType} square 1080×1080`,
    warmUp: true,
    async run(ctx) {
      const { key, designId } = ctx.designs[ANIMATED]!;
      const cpu0 = { render: cpuSeconds(ctx.farm.workers), media: cpuSeconds(ctx.farm.mediaWorkers) };
      const t0 = performance.now();
      const res = await api(ctx.farm, key, 'POST', `/async/banner-builder/${designId}/generate`, {
        template_format_names: ['square'],
        image_file_type: fileType,
      });
      if (res.status !== 200) throw new Error(`generate answered ${res.status}: ${JSON.stringify(res.body)}`);
      const id = res.body.generation_request_id as string;
      const progress = await watchFile(ctx.pool, id);
      let framesDone: number | null = null;
      let parts = 0;
      let encodeAt: number | null = null;
      let captureEndAt: number | null = null;
      for (;;) {
        const r = await progress();
        encodeAt ??= r.encodeAt;
        if (framesDone === null && (r.partsStored >= r.parts || r.done)) {
          framesDone = performance.now();
          parts = r.parts;
          if (r.partsStored >= r.parts) captureEndAt = r.lastPartAt;
        }
        if (r.done) break;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      // The request is finalised with its banner (one transaction): the API answers it now.
      const poll = await api(ctx.farm, key, 'GET', `/generation-request/${id}`);
      if (poll.status !== 200) throw new Error(`the finished request answered ${poll.status}`);
      const final = poll.body;
      const wall = (performance.now() - t0) / 1000;
      const cpu = { render: cpuSeconds(ctx.farm.workers) - cpu0.render, media: cpuSeconds(ctx.farm.mediaWorkers) - cpu0.media };
      const errors = final.errors as Json[];
      if (errors.length > 0) throw new Error(`generation failed: ${JSON.stringify(errors)}`);
      const banner = (final.banners as Json[])[0]!;
      const bytes = (await (await fetch(banner.file.url)).arrayBuffer()).byteLength;
      const framesSeconds = ((framesDone ?? performance.now()) - t0) / 1000;
      const frames = fileType === 'html5' ? 1 : Math.round(ctx.animationSeconds * (fileType === 'gif' ? 12.5 : 25));
      const goal = target(ctx);
      return {
        case: this.name,
        wallSeconds: wall,
        target: goal.text,
        met: wall <= goal.seconds,
        notes: [
          `${frames} frame${frames === 1 ? '' : 's'} in ${parts} part${parts === 1 ? '' : 's'}`,
          fileType === 'html5' ? null : `${(frames / framesSeconds).toFixed(1)} frames/s captured`,
          `frames ${framesSeconds.toFixed(2)} s, after capture ${(wall - framesSeconds).toFixed(2)} s`,
          fileType === 'html5' ? null : overlapNote(encodeAt, captureEndAt),
          cpuNote(cpu, frames),
          `${(bytes / 1024).toFixed(0)} KiB`,
        ]
          .filter(Boolean)
          .join('; '),
      };
    },
  };
}

interface FileProgress {
  parts: number;
  partsStored: number;
  /** When the last stored part was recorded (seconds since the epoch), null before any. */
  lastPartAt: number | null;
  /** When a media worker locked the file's encode job, null before. */
  encodeAt: number | null;
  /** The request has its banner. */
  done: boolean;
}

/** Reads a generation's one animated file's progress from the database, cheaply (its ids are read once). */
async function watchFile(pool: pg.Pool, requestId: string): Promise<() => Promise<FileProgress>> {
  // A fast file (HTML5) may be done, its jobs gone, by the time this runs: its banner says it.
  const { rows } = await pool.query<{ banner_id: string; parts: number }>(
    `SELECT payload->>'banner_id' AS banner_id, (payload->>'parts')::int AS parts
       FROM graphile_worker._private_jobs WHERE payload->>'generation_request_id' = $1
     UNION ALL
     SELECT id::text, 1 FROM banners WHERE generation_request_id = $1::uuid
     LIMIT 1`,
    [requestId],
  );
  const file = rows[0];
  if (!file) throw new Error(`no job of request ${requestId}`);
  let encodeAt: number | null = null;
  return async () => {
    const { rows } = await pool.query<{ n: number; last: number | null; encode_at: number | null; done: boolean }>(
      `SELECT count(*)::int AS n, extract(epoch FROM max(created_at))::float8 AS last,
              CASE WHEN $3::boolean THEN NULL ELSE
                (SELECT extract(epoch FROM min(j.locked_at))::float8 FROM graphile_worker._private_jobs j
                  JOIN graphile_worker._private_tasks t ON t.id = j.task_id
                 WHERE t.identifier = 'animation_encode' AND j.payload->>'banner_id' = $2::text) END AS encode_at,
              EXISTS (SELECT 1 FROM banners WHERE generation_request_id = $1::uuid) AS done
         FROM animation_parts WHERE banner_id = $2::uuid`,
      [requestId, file.banner_id, encodeAt !== null],
    );
    const r = rows[0]!;
    encodeAt ??= r.encode_at;
    return { parts: file.parts, partsStored: r.n, lastPartAt: r.last, encodeAt, done: r.done };
  };
}

/** CPU per frame of the render workers (Chromium included) and the media workers (ffmpeg included). */
function cpuNote(cpu: { render: number; media: number }, frames: number): string {
  const ms = (s: number) => ((s * 1000) / frames).toFixed(0);
  return `CPU ${ms(cpu.render)} ms/frame render workers, ${ms(cpu.media)} ms/frame media worker (${(cpu.render + cpu.media).toFixed(2)} CPU-s)`;
}

/** The capture/encode overlap, from Postgres's timestamps (seconds since the epoch). */
function overlapNote(encodeAt: number | null, captureEndAt: number | null): string {
  if (encodeAt === null || captureEndAt === null) return 'overlap not seen (polled too late)';
  const lead = captureEndAt - encodeAt;
  return lead >= 0
    ? `encode started ${lead.toFixed(2)} s before capture ended (${lead.toFixed(2)} s overlap)`
    : `encode started ${(-lead).toFixed(2)} s after capture ended (no overlap)`;
}

/**
 * Issue #26's goals for a 5 s 1080² MP4 on 2 cores: ≤ 3.5 s with one render worker, ≤ 2.5 s with
 * two; scaled to the bench's animation length (`BENCH_ANIMATION_SECONDS`).
 */
export const MP4_GOAL_SHARE = { one: 3.5 / 5, two: 2.5 / 5 };

export function mp4Goal(ctx: BenchContext, share: number): { text: string; seconds: number } {
  const seconds = ctx.animationSeconds * share;
  return { text: `≤ ${seconds.toFixed(2)} s (${share}× real time)`, seconds };
}

export const BENCH_CASES: BenchCase[] = [
  animatedCase('mp4', (ctx) => mp4Goal(ctx, MP4_GOAL_SHARE.one)),
  animatedCase('gif', (ctx) => ({ text: `≤ ${ctx.animationSeconds} s`, seconds: ctx.animationSeconds + 1e-9 })),
  animatedCase('html5', () => ({ text: '< 3 s', seconds: 3 })),
];

/** The case re-run with a second render worker to show the fan-out. */
export const SCALING_CASE = BENCH_CASES[0]!;
