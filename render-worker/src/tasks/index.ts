import { ANIMATION_FRAMES, ANIMATION_HTML5, RENDER_PRINT, RENDER_STATIC, RETENTION_TASK } from '@pressroom/model';
import type { TaskList } from 'graphile-worker';
import { animationFramesTask, animationHtml5Task } from '../animation/tasks.js';
import type { RenderDeps } from '../deps.js';
import { previewFromStaticRenderer } from '../imports/preview-renderer.js';
import { designTaskList } from '../imports/tasks.js';
import { renderStaticTask } from '../static/task.js';
import { renderPrintTask } from './render-print-task.js';
import { retentionTask } from './retention.js';

/** The tasks the render pool runs; graphile-worker fetches only jobs whose task it knows. */
export function renderTaskList(deps: RenderDeps): TaskList {
  return {
    [RENDER_STATIC]: renderStaticTask(deps),
    [ANIMATION_FRAMES]: animationFramesTask(deps),
    [ANIMATION_HTML5]: animationHtml5Task(deps),
    [RENDER_PRINT]: renderPrintTask(deps),
    [RETENTION_TASK]: retentionTask(deps),
    ...designTaskList({
      db: deps.db,
      storage: deps.storage,
      logger: deps.logger,
      preview: previewFromStaticRenderer(
        deps.render,
        {
          storage: deps.storage,
          maxBytes: deps.config.maxImageBytes,
          timeoutMs: deps.config.assetFetchTimeoutMs,
          allowPrivateNetworks: deps.config.outboundAllowPrivateNetworks,
        },
        deps.fonts,
      ),
    }),
  };
}
