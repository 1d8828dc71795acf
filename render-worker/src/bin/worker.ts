// A render-worker process: config, database, storage, Chromium, the task list, metrics, one
// shutdown path. Entry files wire; everything here is built by factories the tests also build.
//
// Cold start (docs/operations.md, "Cold start of a render worker"): Chromium's launch is the
// longest step, so it comes first, on Node's built-ins alone (early-launch.ts). Everything else,
// puppeteer and the config included, loads afterwards (`worker-process.ts`, a separate chunk of the
// compiled build) while Chromium starts on the other core, and puppeteer connects to its pipe.
import { spawnEarlyChromium } from '../browser/early-launch.js';

const early = spawnEarlyChromium();
// Spawned before anything else loads; a failure is reported by the preflight checks.
await early?.catch(() => undefined);
const launchStartedMs = Math.round(process.uptime() * 1000);
const { startRenderWorker } = await import('../worker-process.js');
await startRenderWorker({ early, launchStartedMs, modulesMs: Math.round(process.uptime() * 1000) });
