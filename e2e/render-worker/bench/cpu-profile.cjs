// Preloaded into a process by `NODE_OPTIONS=--require <this file>` (Node 20 refuses --cpu-prof in
// NODE_OPTIONS): profiles the whole process from its first line and writes a V8 CPU profile
// (open it in Chrome's DevTools, Performance tab) to CPU_PROFILE_DIR when the process exits.
const { Session } = require('node:inspector');
const { writeFileSync } = require('node:fs');
const { join } = require('node:path');

const session = new Session();
session.connect();
session.post('Profiler.enable');
session.post('Profiler.setSamplingInterval', { interval: 500 });
session.post('Profiler.start');
process.on('exit', () => {
  // A session in the same thread answers synchronously.
  session.post('Profiler.stop', (err, result) => {
    if (err) return;
    writeFileSync(join(process.env.CPU_PROFILE_DIR ?? '.', `cpu-${process.pid}.cpuprofile`), JSON.stringify(result.profile));
  });
});
