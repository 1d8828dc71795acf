import type { Queryable } from '../db/pool.js';

/** The objects of a stored part: its main one and those stored beside it. */
export interface PartObjects {
  storage_key: string;
  other_keys: string[];
}

export async function animationPartExists(db: Queryable, bannerId: string, part: number): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM animation_parts WHERE banner_id = $1 AND part = $2', [bannerId, part]);
  return rows.length > 0;
}

/** Locks the file's generation request row: parts of one request record one at a time (call inside a transaction). */
export async function lockPartsRequest(db: Queryable, requestId: string): Promise<void> {
  await db.query('SELECT 1 FROM generation_requests WHERE id = $1 FOR UPDATE', [requestId]);
}

/** Records a stored part unless it is recorded already; true when this call inserted it. */
export async function insertAnimationPart(
  db: Queryable,
  p: { bannerId: string; part: number; parts: number; storageKey: string; otherKeys: readonly string[] },
): Promise<boolean> {
  const { rows } = await db.query(
    `INSERT INTO animation_parts (banner_id, part, parts, storage_key, other_keys) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (banner_id, part) DO NOTHING RETURNING part`,
    [p.bannerId, p.part, p.parts, p.storageKey, p.otherKeys],
  );
  return rows.length > 0;
}

/** The stored parts of a file, in order. */
export async function selectAnimationParts(db: Queryable, bannerId: string): Promise<{ part: number; storage_key: string }[]> {
  const { rows } = await db.query<{ part: number; storage_key: string }>(
    'SELECT part, storage_key FROM animation_parts WHERE banner_id = $1 ORDER BY part',
    [bannerId],
  );
  return rows;
}

export async function selectAnimationPartObjects(db: Queryable, bannerId: string): Promise<PartObjects[]> {
  const { rows } = await db.query<PartObjects>('SELECT storage_key, other_keys FROM animation_parts WHERE banner_id = $1', [bannerId]);
  return rows;
}

export async function deleteAnimationParts(db: Queryable, bannerId: string): Promise<void> {
  await db.query('DELETE FROM animation_parts WHERE banner_id = $1', [bannerId]);
}

/** Up to 1000 parts recorded longer ago than `olderThanMs`. */
export async function selectStaleAnimationParts(
  db: Queryable,
  olderThanMs: number,
): Promise<({ banner_id: string; part: number } & PartObjects)[]> {
  const { rows } = await db.query<{ banner_id: string; part: number } & PartObjects>(
    `SELECT banner_id, part, storage_key, other_keys FROM animation_parts WHERE created_at < now() - make_interval(secs => $1) LIMIT 1000`,
    [olderThanMs / 1000],
  );
  return rows;
}

export async function deleteAnimationPart(db: Queryable, bannerId: string, part: number): Promise<void> {
  await db.query('DELETE FROM animation_parts WHERE banner_id = $1 AND part = $2', [bannerId, part]);
}

/**
 * The file's stored parts from `next` on, plus one row with `settled` true when the file already
 * has its outcome (its banner or error recorded, or the request finalized): one indexed query.
 */
export async function selectPartsFrom(
  db: Queryable,
  file: { banner_id: string; generation_request_id: string; format_name: string },
  next: number,
): Promise<{ part: number; storage_key: string; settled: boolean }[]> {
  const { rows } = await db.query<{ part: number; storage_key: string; settled: boolean }>(
    `SELECT p.part, p.storage_key, false AS settled FROM animation_parts p WHERE p.banner_id = $1 AND p.part >= $2
     UNION ALL SELECT -1, '', true WHERE EXISTS (SELECT 1 FROM banners WHERE generation_request_id = $3 AND format_name = $4)
        OR EXISTS (SELECT 1 FROM generation_errors WHERE generation_request_id = $3 AND format_name = $4)
        OR EXISTS (SELECT 1 FROM generation_requests WHERE id = $3 AND is_finalized)`,
    [file.banner_id, next, file.generation_request_id, file.format_name],
  );
  return rows;
}
