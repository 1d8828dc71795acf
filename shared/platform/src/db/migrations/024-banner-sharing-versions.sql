-- A regenerated visual (`original_visual_id`) is the next version of the same visual and keeps its
-- share URL (docs/generation.md): every version of one visual carries the first version's
-- `sharing_id`, which is therefore no longer unique per row. Nothing looks a banner up by it.
ALTER TABLE banners DROP CONSTRAINT banners_sharing_id_key;

-- Versions made before this migration take the sharing_id of the first version of their chain.
WITH RECURSIVE chain (id, first_sharing_id) AS (
  SELECT id, sharing_id FROM banners b
   WHERE original_banner_id IS NULL OR NOT EXISTS (SELECT 1 FROM banners o WHERE o.id = b.original_banner_id)
  UNION ALL
  SELECT b.id, chain.first_sharing_id FROM banners b JOIN chain ON b.original_banner_id = chain.id
)
UPDATE banners SET sharing_id = chain.first_sharing_id
  FROM chain
 WHERE banners.id = chain.id AND banners.sharing_id <> chain.first_sharing_id;
