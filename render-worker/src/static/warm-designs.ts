import type { Page } from 'puppeteer';
import type { EVICTION_REASONS, WarmMetrics } from './warm-metrics.js';

/** A design, a version of it and one of its formats: what one warm canvas holds. */
export interface WarmKey {
  designId: string;
  /** The design's stored version (anything that changes whenever its document does). */
  version: string;
  format: string;
}

/** What a page shows for one warm design: the HTML each part was built from, to diff the next render against. */
export interface ShownDesign {
  /** The `#pr-frame` CSS (body size). */
  css: string;
  /** The empty canvas element (its size and background). */
  canvas: string;
  /** The design's own `@font-face` rules the layers were fitted with. */
  designFonts: string;
  /** One HTML string per top-level layer. */
  layers: readonly string[];
}

export type EvictionReason = (typeof EVICTION_REASONS)[number];

interface Entry {
  page: Page;
  key: string;
  designId: string;
  version: string;
  weight: number;
}

/** Per page: the canvases it holds, and the ones evicted while it was busy (dropped at its next render). */
interface PageWarmth {
  id: number;
  designs: Map<string, ShownDesign>;
  drops: Set<string>;
}

export function warmKeyString(key: WarmKey): string {
  return `${key.designId}@${key.version}/${key.format}`;
}

/**
 * The warm designs of one render worker: which page holds which design's canvas, in least
 * recently used order, bounded by a count and by an estimate of the memory they hold (the layers'
 * HTML, their decoded images and the canvas's raster). An evicted canvas is dropped from its page
 * at that page's next render (a page in use by another render is not touched under it).
 *
 * Equality with a cold render does not rest on the key: a render still compares every layer's
 * HTML with what the page shows and replaces each one that differs. The key chooses the canvas to
 * reuse and tells which canvases a design change made useless.
 */
export class WarmDesigns {
  private readonly entries = new Map<string, Entry>();
  private readonly pages = new Map<Page, PageWarmth>();
  private nextPageId = 1;
  private totalWeight = 0;

  constructor(readonly options: { maxDesigns: number; maxBytes: number; metrics?: WarmMetrics | null }) {}

  /** What `page` shows for `key`, or null (a miss). A hit refreshes the entry's place in the LRU. */
  shown(page: Page, key: string): ShownDesign | null {
    this.prune();
    const found = this.pages.get(page)?.designs.get(key) ?? null;
    const id = this.entryId(page, key);
    const entry = this.entries.get(id);
    if (found && entry) {
      this.entries.delete(id);
      this.entries.set(id, entry);
    }
    return found;
  }

  /** Whether `page` holds `key` warm (for choosing among idle pages). */
  holds(page: Page, key: string): boolean {
    return this.pages.get(page)?.designs.has(key) ?? false;
  }

  /** Records what `page` shows for `key` after a successful render, and evicts past the bounds. */
  remember(page: Page, key: WarmKey, shown: ShownDesign, weight: number): void {
    const warmth = this.warmth(page);
    const k = warmKeyString(key);
    warmth.designs.set(k, shown);
    warmth.drops.delete(k);
    const id = this.entryId(page, k);
    const old = this.entries.get(id);
    if (old) {
      this.totalWeight -= old.weight;
      this.entries.delete(id);
    }
    this.entries.set(id, { page, key: k, designId: key.designId, version: key.version, weight });
    this.totalWeight += weight;
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.options.maxDesigns && this.totalWeight <= this.options.maxBytes) break;
      if (oldest === id) continue; // the canvas just drawn stays, whatever it weighs
      this.evict(oldest, entry, this.entries.size > this.options.maxDesigns ? 'count' : 'memory');
    }
    this.updateGauges();
  }

  /**
   * Canvases to drop from `page` before it draws again (evicted while it was busy, or of a
   * design that changed). Taken once.
   */
  takeDrops(page: Page): string[] {
    const warmth = this.pages.get(page);
    if (!warmth || warmth.drops.size === 0) return [];
    const out = [...warmth.drops];
    warmth.drops.clear();
    return out;
  }

  /**
   * A design changed (a new version seen) or is gone: every canvas of it except those of
   * `keepVersion` is evicted.
   */
  evictDesign(designId: string, keepVersion: string | null = null): void {
    for (const [id, entry] of this.entries) {
      if (entry.designId === designId && entry.version !== keepVersion) this.evict(id, entry, 'design_changed');
    }
    this.updateGauges();
  }

  /** The page no longer holds what was recorded (it was closed, or drawn on without warmth). */
  forgetPage(page: Page, reason: EvictionReason = 'page_closed'): void {
    const warmth = this.pages.get(page);
    if (!warmth) return;
    for (const key of warmth.designs.keys()) {
      const id = this.entryId(page, key);
      const entry = this.entries.get(id);
      if (entry) this.drop(id, entry, reason);
    }
    this.pages.delete(page);
    this.updateGauges();
  }

  /** Design ids held warm, most recently used first (what a worker advertises). */
  designIds(): string[] {
    this.prune();
    return [...new Set([...this.entries.values()].reverse().map((e) => e.designId))];
  }

  get size(): number {
    return this.entries.size;
  }

  get weight(): number {
    return this.totalWeight;
  }

  /** Pages closed by the supervisor (recycle, crash, timeout) take their canvases with them. */
  private prune(): void {
    for (const page of [...this.pages.keys()]) {
      if (page.isClosed() || !page.browser().connected) this.forgetPage(page, 'page_closed');
    }
  }

  private warmth(page: Page): PageWarmth {
    let warmth = this.pages.get(page);
    if (!warmth) {
      warmth = { id: this.nextPageId++, designs: new Map(), drops: new Set() };
      this.pages.set(page, warmth);
      page.once('close', () => this.forgetPage(page, 'page_closed'));
    }
    return warmth;
  }

  private entryId(page: Page, key: string): string {
    return `${this.pages.get(page)?.id ?? 0}\n${key}`;
  }

  private evict(id: string, entry: Entry, reason: EvictionReason): void {
    const warmth = this.pages.get(entry.page);
    warmth?.designs.delete(entry.key);
    warmth?.drops.add(entry.key);
    this.drop(id, entry, reason);
  }

  private drop(id: string, entry: Entry, reason: EvictionReason): void {
    this.entries.delete(id);
    this.totalWeight -= entry.weight;
    this.options.metrics?.evictions.inc({ reason });
  }

  private updateGauges(): void {
    this.options.metrics?.designs.set(this.entries.size);
    this.options.metrics?.bytes.set(this.totalWeight);
  }
}
