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
    render_static: renderStaticTask(deps) as TaskList[string],
    animation_frames: animationFramesTask(deps) as TaskList[string],
    animation_html5: animationHtml5Task(deps) as TaskList[string],
    render_print: renderPrintTask(deps) as TaskList[string],
    generation_retention: retentionTask(deps) as TaskList[string],
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
