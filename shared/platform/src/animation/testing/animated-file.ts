// Test helper: one animated file accepted as the control plane accepts it (its request, its
// frame-range or page jobs), for tests that play the render workers themselves.
import type { AnimatedFilePayload } from '@pressroom/model';
import type pg from 'pg';
import { withTransaction } from '../../db/pool.js';
import { createGenerationRequest } from '../../sql/generation-requests.js';
import { addAnimatedFileJobs } from '../parts.js';

export async function newAnimatedFile(
  pool: pg.Pool,
  file: { workspaceId: string; designId: string; fileType: 'mp4' | 'gif' | 'html5'; duration: number; formatName?: string },
): Promise<AnimatedFilePayload> {
  return withTransaction(pool, async (client) => {
    const requestId = await createGenerationRequest(client, {
      workspaceId: file.workspaceId,
      designId: file.designId,
      kind: 'async',
      callbackUrl: null,
      fileType: file.fileType,
      expectedFiles: 1,
      creditPerFile: 5,
    });
    return addAnimatedFileJobs(
      client,
      {
        v: 1,
        generation_request_id: requestId,
        banner_id: crypto.randomUUID(),
        workspace_id: file.workspaceId,
        design_id: file.designId,
        format_name: file.formatName ?? 'square',
        file_type: file.fileType,
        overrides: { layers: {}, vars: {} },
        priority: 'async',
        enqueued_at: Date.now(),
        original_banner_id: null,
        delivery: { click_url: null, loop_count: null, gif_max_width: null },
      },
      file.duration,
    );
  });
}
