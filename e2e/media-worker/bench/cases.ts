// The rows of `npm run bench:media`: one entry per case. A case generates one file through the
// farm's HTTP API and reports its figures; add a row by adding an entry (print PDFs will).
import type pg from 'pg';
import { api, type Farm, type Json } from '../../render-worker/tasks/testing/farm-processes.js';

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
 * One animated file of the example, `square` (1080×1080). Measures from the POST to the final
 * poll; the frames phase ends when every part is stored (polled every 25 ms), the rest is the
 * media worker's stitch, encode and store.
 */
function animatedCase(fileType: 'mp4' | 'gif' | 'html5', target: (ctx: BenchContext) => { text: string; seconds: number }): BenchCase {
  return {
    name: `${fileType} square 1080×1080`,
    warmUp: true,
    async run(ctx) {
      const { key, designId } = ctx.designs[ANIMATED]!;
      const t0 = performance.now();
      const res = await api(ctx.farm, key, 'POST', `/async/banner-builder/${designId}/generate`, {
        template_format_names: ['square'],
        image_file_type: fileType,
      });
      if (res.status !== 200) throw new Error(`generate answered ${res.status}: ${JSON.stringify(res.body)}`);
      const id = res.body.generation_request_id as string;
      let framesDone: number | null = null;
      let parts = 0;
      let final: Record<string, Json> | null = null;
      while (!final) {
        if (framesDone === null) {
          const { rows } = await ctx.pool.query<{ n: number; parts: number | null; done: boolean }>(
            `SELECT count(p.*)::int AS n, max(p.parts) AS parts,
                    EXISTS (SELECT 1 FROM banners WHERE generation_request_id = $1::uuid) AS done
               FROM animation_parts p WHERE p.banner_id IN (
                 SELECT (j.payload->>'banner_id')::uuid FROM graphile_worker._private_jobs j WHERE j.payload->>'generation_request_id' = $1::text)`,
            [id],
          );
          const r = rows[0]!;
          if ((r.parts !== null && r.n >= r.parts) || r.done) {
            framesDone = performance.now();
            parts = r.parts ?? 0;
          }
        }
        const poll = await api(ctx.farm, key, 'GET', `/generation-request/${id}`);
        if (poll.status === 200) final = poll.body;
        else await new Promise((r) => setTimeout(r, 25));
      }
      const wall = (performance.now() - t0) / 1000;
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
        met: wall < goal.seconds,
        notes: [
          `${frames} frame${frames === 1 ? '' : 's'} in ${parts} part${parts === 1 ? '' : 's'}`,
          fileType === 'html5' ? null : `${(frames / framesSeconds).toFixed(1)} frames/s captured`,
          `frames ${framesSeconds.toFixed(2)} s, encode+store ${(wall - framesSeconds).toFixed(2)} s`,
          `${(bytes / 1024).toFixed(0)} KiB`,
        ]
          .filter(Boolean)
          .join('; '),
      };
    },
  };
}

export const BENCH_CASES: BenchCase[] = [
  animatedCase('mp4', (ctx) => ({ text: `< ${ctx.animationSeconds} s (faster than real time)`, seconds: ctx.animationSeconds })),
  animatedCase('gif', (ctx) => ({ text: `≤ ${ctx.animationSeconds} s`, seconds: ctx.animationSeconds + 1e-9 })),
  animatedCase('html5', () => ({ text: '< 3 s', seconds: 3 })),
];

/** The case re-run with a second render worker to show the fan-out. */
export const SCALING_CASE = BENCH_CASES[0]!;
