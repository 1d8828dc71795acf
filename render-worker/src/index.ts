// The render worker's public entry: what scripts/ and the farm launcher may use. The worker runs
// from its process entry (src/bin/worker.ts); nothing here starts it.
export { loadRenderWorkerConfig, type RenderWorkerConfig, renderWorkerOptions } from './config.js';
