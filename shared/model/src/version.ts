/**
 * The API version is the release date (docs/api.md). Bump it with every release; clients
 * match the `vYYYY-MM-DD` shape and never pin a literal.
 */
export const API_VERSION = 'v2026-11-22';
