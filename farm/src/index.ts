// The farm launcher's public entry (`npm start` runs src/bin/farm.ts): the whole farm on one
// machine, each role a supervised child process, the embedded Postgres, and the demo workspace.
export { type BannerFacts, bannerText, farewellText, renderLineText, waitForExampleDesign } from './banner.js';
export { type DemoWorkspace, ensureDemoWorkspace } from './bootstrap.js';
export { type ChildSpec, childLogLevel, SupervisedChild, shouldRelay } from './children.js';
export { type FarmConfig, farmOptions, loadFarmConfig } from './config.js';
export { DEMO_CATEGORY_NAME, DEMO_PROJECT_NAME, DEMO_TEMPLATE_EXAMPLE, ensureDemoDesigns } from './demo-designs.js';
export { SupervisedPostgres, type SupervisedPostgresOptions } from './postgres.js';
export { waitForReady } from './ready.js';
