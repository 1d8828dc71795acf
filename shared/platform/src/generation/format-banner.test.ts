import { describe, expect, it } from 'vitest';
import type { GenerationDesign } from './design-source.js';
import { formatBanner } from './format-banner.js';

const found = {
  id: 'd1',
  workspaceId: 'w1',
  design: { name: 'Summer sale' },
  createdAt: 1,
  updatedAt: 2,
  projectId: 'p1',
  formatUids: { square: 'u1' },
  version: 1,
  namingScheme: null,
  defaultFileType: null,
} as unknown as GenerationDesign;
const job = { banner_id: 'b1', workspace_id: 'w1', design_id: 'd1', generation_request_id: 'r1' };
const square = { name: 'square', unit: 'px', width: 1080, height: 1080 };

describe('formatBanner', () => {
  it("records the format's size, uid and the design snapshot", () => {
    expect(formatBanner(job, found, square, { type: 'jpeg', key: 'k', filename: 'f.jpeg' })).toEqual({
      id: 'b1',
      workspace_id: 'w1',
      design_id: 'd1',
      generation_request_id: 'r1',
      format_name: 'square',
      format_uid: 'u1',
      unit: 'px',
      width: 1080,
      height: 1080,
      file_type: 'jpeg',
      storage_key: 'k',
      filename: 'f.jpeg',
      template: { id: 'd1', name: 'Summer sale', created_at: 1, updated_at: 2 },
      project_id: 'p1',
      original_banner_id: null,
    });
  });

  it("records a scaled file's own size and the original visual it replaces", () => {
    const banner = formatBanner({ ...job, original_banner_id: 'b0' }, found, square, {
      type: 'png',
      key: 'k',
      filename: 'f.png',
      size: { width: 200, height: 200 },
    });
    expect([banner.width, banner.height, banner.original_banner_id]).toEqual([200, 200, 'b0']);
  });
});
