import { describe, expect, it } from 'vitest';
import { EVENT_TYPES, isEventType, newBannerBatchEvent, newBannerEvent, newExportEvent, templateStatusEvent } from './events.js';

const banner = { id: '6a1f0c3e-0000-4000-8000-000000000001', file: { type: 'png', url: 'https://x/y.png' } };

describe('event payloads', () => {
  it.each([
    ['NEW_BANNER', newBannerEvent(banner), { banner_id: banner.id, banner }],
    [
      'NEW_BANNER_BATCH',
      newBannerBatchEvent({ generationRequestId: 'gr-1', banners: [banner] }),
      { generation_request_id: 'gr-1', banners: [banner], errors: [] },
    ],
    [
      'NEW_EXPORT',
      newExportEvent({ exportId: 'ex-1', archiveUrl: 'https://x/a.zip', bannerIds: [banner.id] }),
      { export_id: 'ex-1', archive_url: 'https://x/a.zip', banner_ids: [banner.id] },
    ],
    [
      'TEMPLATE_STATUS',
      templateStatusEvent({ templateId: 't-1', status: 'rejected', reason: 'logo', statusUpdatedAt: new Date(1_700_000_000_500) }),
      { template_id: 't-1', status: 'rejected', reason: 'logo', status_updated_at_ts: 1_700_000_000 },
    ],
  ] as const)('%s carries event_type at the top level and its ids', (type, payload, rest) => {
    expect(payload).toEqual({ event_type: type, ...rest });
    expect(Object.keys(payload)[0]).toBe('event_type');
  });

  it('knows exactly the five event types', () => {
    expect(EVENT_TYPES).toEqual(['NEW_BANNER', 'NEW_BANNER_BATCH', 'NEW_EXPORT', 'TEMPLATE_STATUS', 'BULK_RUN_FINISHED']);
    expect(isEventType('NEW_EXPORT')).toBe(true);
    expect(isEventType('new_export')).toBe(false);
  });
});
