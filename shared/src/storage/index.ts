export * from './create-storage.js';
export * from './errors.js';
export * from './keys.js';
export * from './local.js';
export * from './local-file-response.js';
export * from './signing-secret.js';
export * from './storage.js';
export * from './url-signing.js';
