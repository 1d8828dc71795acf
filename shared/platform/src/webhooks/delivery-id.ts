import { randomBytes } from 'node:crypto';

/** 64 lowercase hex characters: 256 random bits, the receiver's deduplication key. */
export function deliveryId(): string {
  return randomBytes(32).toString('hex');
}

export const DELIVERY_ID_PATTERN = /^[0-9a-f]{64}$/;
