// A stand-in for a render worker, for profile-dirs.e2e.test.ts: launches Chromium with its profile
// under argv[2], prints the browser's pid, and waits to be killed.
import { launchBrowser } from '../launch-browser.js';

const { chromium } = await launchBrowser({ profileRoot: process.argv[2]! });
process.stdout.write(`${JSON.stringify({ browserPid: chromium.pid })}\n`);
setInterval(() => undefined, 60_000);
