export { isForbiddenAddress } from './forbidden-address.js';
export { createGuardedAgent, type GuardedAgentOptions, type Resolver } from './guarded-agent.js';
export { type FetchedBytes, type GuardedFetchOptions, guardedFetchBytes } from './guarded-fetch.js';
export { findOutboundError, OUTBOUND_FAILURE_REASONS, type OutboundFailureReason, OutboundFetchError } from './outbound-error.js';
