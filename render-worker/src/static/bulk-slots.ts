/**
 * How many of one render worker's job slots a bulk run's renders may hold: a run never takes the
 * slots kept for interactive renders (RENDER_INTERACTIVE_SLOTS), so a sync render is taken at once
 * while a run goes (docs/bulk.md, "Interactive renders first"). At least one slot always serves bulk.
 */
export function bulkSlotLimit(renderConcurrency: number, interactiveSlots: number): number {
  return Math.max(1, renderConcurrency - interactiveSlots);
}
