// The control plane's public entry: what the farm launcher (farm/), scripts/ and e2e/ may use
// besides the API itself. The control plane imports none of them.
export { type ControlPlaneConfig, controlPlaneOptions, loadControlPlaneConfig } from './config.js';
// The demo bootstrap of `npm start` seeds the database through the API's own services, without HTTP.
export { importDocument } from './services/import-document.js';
export { createProject } from './services/projects.js';
export { createCategory } from './services/templates.js';
export { createKey, createWorkspace, findWorkspaceByKey } from './services/workspaces.js';
