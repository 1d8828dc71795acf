// The arrows between Pressroom's packages (docs/architecture.md), checked by `npm run check:boundaries`
// (part of `npm test`). Test files obey the same arrows: a test that needs a whole farm lives in e2e/.
const ROLE = '^(control-plane|render-worker|media-worker)/';
const DEV_FILE = '(\\.test\\.ts$|/testing/|/testing\\.ts$|\\.fixture\\.ts$|/bench/|/test/|^e2e/)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'role-to-role',
      comment: 'A role (control plane, render worker, media worker) never imports another role; they meet in the database and the queue.',
      severity: 'error',
      from: { path: '^(control-plane)/' },
      to: { path: '^(render-worker|media-worker)/' },
    },
    {
      name: 'worker-to-control-plane',
      comment: 'Workers never import the control plane.',
      severity: 'error',
      from: { path: '^(render-worker|media-worker)/' },
      to: { path: '^control-plane/' },
    },
    {
      name: 'worker-to-worker',
      comment: 'The render and media workers do not import each other.',
      severity: 'error',
      from: { path: '^(render-worker|media-worker)/' },
      to: { path: '^(render-worker|media-worker)/', pathNot: '^$1/' },
    },
    {
      name: 'control-plane-no-pixels',
      comment:
        'The control plane never renders or encodes: no renderer, no Chromium, no sharp, no ffmpeg (tests may check pixels with sharp).',
      severity: 'error',
      from: { path: '^control-plane/', pathNot: DEV_FILE },
      to: { path: ['^shared/renderer/', 'node_modules/(sharp|puppeteer|puppeteer-core|ffmpeg-static|fluent-ffmpeg)/'] },
    },
    {
      name: 'control-plane-not-renderer',
      comment: 'Not even its tests import the renderer.',
      severity: 'error',
      from: { path: '^control-plane/' },
      to: { path: '^shared/renderer/' },
    },
    {
      name: 'renderer-model-only',
      comment: 'The renderer is pure: it depends on the model (and its own npm dependencies), nothing else of ours.',
      severity: 'error',
      from: { path: '^shared/renderer/', pathNot: DEV_FILE },
      to: { path: ['^shared/platform/', ROLE, '^e2e/'] },
    },
    {
      name: 'renderer-tests-below-roles',
      comment: 'Renderer tests may load the installed font catalogue and the examples through the platform, nothing above it.',
      severity: 'error',
      from: { path: '^shared/renderer/' },
      to: { path: [ROLE, '^e2e/'] },
    },
    {
      name: 'renderer-no-node',
      comment: 'The renderer runs no I/O: no Node built-ins outside its tests.',
      severity: 'error',
      from: { path: '^shared/renderer/', pathNot: DEV_FILE },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'model-pure',
      comment: 'The model is zod and plain TypeScript: no other package, no Node built-ins, none of our other code.',
      severity: 'error',
      from: { path: '^shared/model/', pathNot: DEV_FILE },
      to: { pathNot: ['^shared/model/', 'node_modules/zod/'] },
    },
    {
      name: 'catalogue-leaf',
      comment:
        'The layer-property catalogue (model properties/) is the leaf the rest of the model derives from: it imports only itself, the colour grammar and the font weights.',
      severity: 'error',
      from: { path: '^shared/model/src/properties/', pathNot: DEV_FILE },
      to: { path: '^shared/model/src/', pathNot: '^shared/model/src/(properties/|color/|fonts/types\\.ts$)' },
    },
    {
      name: 'model-tests-stay-in-model',
      comment: 'Model tests and test helpers use the model, zod, vitest, fast-check and Node built-ins only.',
      severity: 'error',
      from: { path: '^shared/model/' },
      to: { path: ['^shared/(platform|renderer)/', ROLE, '^e2e/'] },
    },
    {
      name: 'platform-below-roles',
      comment: 'The platform serves the roles; it imports the model only.',
      severity: 'error',
      from: { path: '^shared/platform/' },
      to: { path: ['^shared/renderer/', ROLE, '^e2e/'] },
    },
    {
      name: 'control-plane-no-scripts',
      comment:
        'The control plane is the API only: it imports nothing from scripts/ (scripts/ and the farm launcher import the roles, never the reverse).',
      severity: 'error',
      from: { path: '^control-plane/' },
      to: { path: '^scripts/' },
    },
    {
      name: 'farm-starts-workers-by-path',
      comment: 'The farm launcher starts the workers as child processes by entry path (scripts/entries.mjs); it imports no worker code.',
      severity: 'error',
      from: { path: '^farm/' },
      to: { path: ['^(render-worker|media-worker)/', '^shared/renderer/'] },
    },
    {
      name: 'nothing-imports-farm',
      comment: 'The farm launcher sits on top of the roles: only e2e/ and scripts/ (its config table) may import it.',
      severity: 'error',
      from: { pathNot: '^(farm|e2e|scripts)/' },
      to: { path: '^farm/' },
    },
    {
      name: 'no-circular',
      comment: 'No import cycle, within a package or across packages: each module sits above the ones it imports.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'nothing-imports-e2e',
      comment: 'e2e/ may import everything; nothing imports e2e/.',
      severity: 'error',
      from: { pathNot: '^e2e/' },
      to: { path: '^e2e/' },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'Every import resolves.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true, pathNot: '^k6(/|$)' },
    },
    {
      name: 'no-non-package-json',
      comment: 'Every npm package a file imports is declared in the package.json of its workspace.',
      severity: 'error',
      from: {},
      to: { dependencyTypes: ['npm-no-pkg', 'npm-unknown'] },
    },
    {
      name: 'not-to-dev-dep',
      comment: 'Production code imports only dependencies, never devDependencies.',
      severity: 'error',
      from: { path: '^(shared|control-plane|render-worker|media-worker|farm)/', pathNot: DEV_FILE },
      to: { dependencyTypes: ['npm-dev'], dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|\\.data[^/]*|dist|coverage)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
      extensions: ['.ts', '.mts', '.cts', '.js', '.mjs', '.cjs', '.d.ts', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
