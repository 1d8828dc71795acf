/**
 * The environment a worker process starts with, read by glibc before Node runs: two malloc arenas
 * instead of glibc's 8 per core. sharp's encoder threads otherwise keep freed memory in arenas of
 * their own, and a render worker's resident memory climbs by hundreds of MB under a long run
 * (docs/operations.md, "Render worker memory"). The launcher, the manifests and the test farms
 * start render workers with it; a value already in the environment wins.
 */
export const WORKER_ALLOCATOR_ENV: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: '2' };
