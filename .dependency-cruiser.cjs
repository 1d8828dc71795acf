// The arrows between Pressroom's packages (docs/architecture.md), checked by `npm run check:boundaries`
// (part of `npm test`). Test files obey the same arrows: a test that needs a whole farm lives in e2e/.
const ROLE = '^(control-plane|render-worker|media-worker)/';
const { DEV_FILE } = require('./scripts/dev-files.cjs');

/** A forbidden arrow: a file matching `from` imports something matching `to`. Every arrow fails the check. */
const forbid = (name, comment, from, to) => ({ name, comment, severity: 'error', from, to });
/** Files by path (a regular expression or a list of them), their tests included. */
const paths = (path) => ({ path });
/** Files by path, their tests and test helpers left out. */
const production = (path) => ({ path, pathNot: DEV_FILE });

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    forbid(
      'role-to-role',
      'A role (control plane, render worker, media worker) never imports another role; they meet in the database and the queue.',
      paths('^(control-plane)/'),
      paths('^(render-worker|media-worker)/'),
    ),
    forbid(
      'worker-to-control-plane',
      'Workers never import the control plane.',
      paths('^(render-worker|media-worker)/'),
      paths('^control-plane/'),
    ),
    forbid('worker-to-worker', 'The render and media workers do not import each other.', paths('^(render-worker|media-worker)/'), {
      path: '^(render-worker|media-worker)/',
      pathNot: '^$1/',
    }),
    forbid(
      'control-plane-no-pixels',
      'The control plane never renders or encodes: no renderer, no Chromium, no sharp, no ffmpeg (tests may check pixels with sharp).',
      production('^control-plane/'),
      paths(['^shared/renderer/', 'node_modules/(sharp|puppeteer|puppeteer-core|ffmpeg-static|fluent-ffmpeg)/']),
    ),
    forbid('control-plane-not-renderer', 'Not even its tests import the renderer.', paths('^control-plane/'), paths('^shared/renderer/')),
    forbid(
      'renderer-model-only',
      'The renderer is pure: it depends on the model (and its own npm dependencies), nothing else of ours.',
      production('^shared/renderer/'),
      paths(['^shared/platform/', ROLE, '^e2e/']),
    ),
    forbid(
      'renderer-tests-below-roles',
      'Renderer tests may load the installed font catalogue and the examples through the platform, nothing above it.',
      paths('^shared/renderer/'),
      paths([ROLE, '^e2e/']),
    ),
    forbid('renderer-no-node', 'The renderer runs no I/O: no Node built-ins outside its tests.', production('^shared/renderer/'), {
      dependencyTypes: ['core'],
    }),
    forbid(
      'console-is-a-browser-client',
      'The web console (control-plane/console/) runs in the browser: Preact, its own modules and the model client entry (and types of the model); no Node built-ins, no server code.',
      production('^control-plane/console/'),
      {
        pathNot: ['^control-plane/console/', 'node_modules/preact/', '^shared/model/src/client\\.ts$'],
        dependencyTypesNot: ['type-only'],
      },
    ),
    forbid(
      'model-pure',
      'The model is zod and plain TypeScript: no other package, no Node built-ins, none of our other code.',
      production('^shared/model/'),
      { pathNot: ['^shared/model/', 'node_modules/zod/'] },
    ),
    forbid(
      'catalogue-leaf',
      'The layer-property catalogue (model properties/) is the leaf the rest of the model derives from: it imports only itself, the colour grammar and the font weights.',
      production('^shared/model/src/properties/'),
      { path: '^shared/model/src/', pathNot: '^shared/model/src/(properties/|color/|fonts/types\\.ts$)' },
    ),
    forbid(
      'model-tests-stay-in-model',
      'Model tests and test helpers use the model, zod, vitest, fast-check, the TypeScript compiler API and Node built-ins only.',
      paths('^shared/model/'),
      paths(['^shared/(platform|renderer)/', ROLE, '^e2e/']),
    ),
    forbid(
      'platform-below-roles',
      'The platform serves the roles; it imports the model only.',
      paths('^shared/platform/'),
      paths(['^shared/renderer/', ROLE, '^e2e/']),
    ),
    forbid(
      'control-plane-no-scripts',
      'The control plane is the API only: it imports nothing from scripts/ (scripts/ and the farm launcher import the roles, never the reverse).',
      paths('^control-plane/'),
      paths('^scripts/'),
    ),
    forbid(
      'farm-starts-workers-by-path',
      'The farm launcher starts the workers as child processes by entry path (farm/src/entries.mjs); it imports no worker code.',
      paths('^farm/'),
      paths(['^(render-worker|media-worker)/', '^shared/renderer/']),
    ),
    forbid(
      'farm-no-scripts',
      'The farm launcher imports nothing from scripts/ (scripts/ imports the farm: the config table, the build reads its entry list); scripts/run.mjs builds before it starts the farm.',
      paths('^farm/'),
      paths('^scripts/'),
    ),
    forbid(
      'nothing-imports-farm',
      'The farm launcher sits on top of the roles: only e2e/ and scripts/ (its config table) may import it.',
      { pathNot: '^(farm|e2e|scripts)/' },
      paths('^farm/'),
    ),
    forbid(
      'no-circular',
      'No import cycle, within a package or across packages: each module sits above the ones it imports.',
      {},
      { circular: true },
    ),
    forbid(
      'clients-speak-http',
      "The CLI and the n8n node are API clients: besides their npm packages they import only the model's client entry (the CLI bundles it), never the platform, the renderer, a role or the farm.",
      production('^(cli|n8n-nodes-pressroom)/'),
      {
        path: '^(shared|control-plane|render-worker|media-worker|farm|scripts)/',
        pathNot: '^shared/model/src/(client\\.ts|banners/filename\\.ts|design/import-format/sources\\.ts|output-formats/index\\.ts)$',
      },
    ),
    forbid(
      'nothing-imports-clients',
      'Only e2e/ imports the clients (to run them against a farm).',
      { pathNot: '^(e2e|cli|n8n-nodes-pressroom)/' },
      paths('^(cli|n8n-nodes-pressroom)/'),
    ),
    forbid('nothing-imports-e2e', 'e2e/ may import everything; nothing imports e2e/.', { pathNot: '^e2e/' }, paths('^e2e/')),
    forbid('not-to-unresolvable', 'Every import resolves.', {}, { couldNotResolve: true, pathNot: '^k6(/|$)' }),
    forbid(
      'no-non-package-json',
      'Every npm package a file imports is declared in the package.json of its workspace.',
      {},
      { dependencyTypes: ['npm-no-pkg', 'npm-unknown'] },
    ),
    forbid(
      'not-to-dev-dep',
      'Production code imports only dependencies, never devDependencies.',
      production('^(shared|control-plane|render-worker|media-worker|farm)/'),
      { dependencyTypes: ['npm-dev'], dependencyTypesNot: ['type-only'] },
    ),
  ],
  options: {
    // npm packages are reached but not followed: the rules about them (model-pure, not-to-dev-dep,
    // control-plane-no-pixels) need the arrow to them, so node_modules is never excluded.
    doNotFollow: { path: '(^|/)node_modules/' },
    exclude: { path: '(^|/)(\\.data[^/]*|dist|coverage)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
      extensions: ['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs', '.d.ts', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
