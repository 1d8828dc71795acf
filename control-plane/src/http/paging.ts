import type { FastifyReply } from 'fastify';
import { z } from 'zod';

/**
 * Listings are bare arrays; paging switches on when `page` or `per_page` is sent, and
 * X-Total-Count always tells the number of matches across pages.
 */
export const pagingQuery = {
  page: z.coerce.number().int().min(1).optional(),
  per_page: z.coerce.number().int().min(1).max(100).optional(),
};

export interface Paging {
  limit: number | null;
  offset: number;
}

export function paging(query: { page?: number | undefined; per_page?: number | undefined }, defaultPerPage = 25): Paging {
  if (query.page === undefined && query.per_page === undefined) return { limit: null, offset: 0 };
  const perPage = query.per_page ?? defaultPerPage;
  return { limit: perPage, offset: ((query.page ?? 1) - 1) * perPage };
}

export function setTotalCount(reply: FastifyReply, total: number): void {
  reply.header('X-Total-Count', String(total));
}
