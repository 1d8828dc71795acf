// Replaced by `true` in the production build (scripts/build.mjs, esbuild `define`); from
// TypeScript sources (tsx, vitest) the name is not declared at all.
declare const __PRESSROOM_COMPILED__: boolean | undefined;

/** Whether this code runs from the compiled `dist/` bundles rather than from TypeScript sources. */
export const RUNS_COMPILED: boolean = typeof __PRESSROOM_COMPILED__ !== 'undefined' && __PRESSROOM_COMPILED__ === true;
