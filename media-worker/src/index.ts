// The media worker's public entry: what scripts/ and the farm launcher may use. The worker runs
// from its process entry (src/bin/worker.ts); nothing here starts it.
export { loadMediaWorkerConfig, type MediaWorkerConfig, mediaWorkerOptions } from './config.js';
