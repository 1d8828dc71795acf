// Preloaded into a process by `NODE_OPTIONS=--require <this file>` (Node 20 refuses --cpu-prof in
// NODE_OPTIONS): profiles the whole process from its first line and writes a V8 CPU profile
// (open it in Chrome's DevTools, Performance tab) to CPU_PROFILE_DIR when the process exits. The
// file name says at which process uptime the profile starts, to line it up with the log.
const { Session } = require('node:inspector');
const { writeFileSync } = require('node:fs');
const { join } = require('node:path');

const session = new Session();
session.connect();
session.post('Profiler.enable');
session.post('Profiler.setSamplingInterval', { interval: 500 });
session.post('Profiler.start');
// The profile's clock starts here; the worker's log times are process uptime.
const startUptimeMs = Math.round(process.uptime() * 1000);
process.on('exit', () => {
  // A session in the same thread answers synchronously.
  session.post('Profiler.stop', (err, result) => {
    if (err) return;
    const file = join(process.env.CPU_PROFILE_DIR ?? '.', `cpu-${process.pid}-from-${startUptimeMs}ms.cpuprofile`);
    writeFileSync(file, JSON.stringify(result.profile));
  });
});
