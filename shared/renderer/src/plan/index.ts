export { allNodes, assetRefsOf, codePointsOf } from './asset-refs.js';
export { fontKey } from './fonts.js';
export { type PlanRenderInput, planRender } from './plan-render.js';
export type * from './types.js';
