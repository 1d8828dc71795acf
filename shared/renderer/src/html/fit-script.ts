/**
 * The in-page part of the renderer: what needs layout. Plain JavaScript in a string (not a
 * serialised TypeScript function) so that no transpiler helper ever leaks into the page.
 *
 * For every element with `data-fit` (text blocks and button labels), in document order:
 * 1. auto_resize: if the text does not fit at its font size, binary-search (0.25 px) the largest
 *    size between min_font_size and the font size that fits the box and max_lines.
 * 2. text_harmony: with two lines or more, balance them (`text-wrap: balance`), then try letter
 *    spacing nudges up to ±2 px (20 steps of 0.1 px each way), then font size reductions up to
 *    10 px, keeping the first layout whose line lengths differ by at most 20 % (else the best).
 *    The candidates are measured together, in one layout, on clones of the block.
 * 3. text_truncation: if it still does not fit, cut the text (binary search on characters) and end
 *    it with an ellipsis.
 * 4. Text that still cannot fit, when the layer asked for fitting (auto_resize or max_lines),
 *    makes `ready` resolve to `{ ok: false, layer, reason }`.
 * 5. Text that does not fit and asked for no fitting is clipped to its box (`overflow: clip`,
 *    with `clipMargin` of room for the highlight padding and stroke), and marked
 *    `data-overflow="clipped"`.
 * "Fits" means: no line wider than the box, the block no taller than the box, and at most
 * max_lines lines. `ready` resolves after fonts, images and fitting, and one animation frame.
 */
export const FIT_SCRIPT = String.raw`
(() => {
  const ELLIPSIS = '\u2026';
  const px = (v) => Math.round(v * 100) / 100 + 'px';

  function lineRects(run) {
    const range = document.createRange();
    range.selectNodeContents(run);
    const rects = Array.from(range.getClientRects()).filter((r) => r.width > 0 && r.height > 0);
    rects.sort((a, b) => a.top - b.top);
    const lines = [];
    for (const r of rects) {
      const cy = (r.top + r.bottom) / 2;
      const line = lines.find((l) => cy > l.top && cy < l.bottom);
      if (line) { line.left = Math.min(line.left, r.left); line.right = Math.max(line.right, r.right); }
      else lines.push({ top: r.top, bottom: r.bottom, left: r.left, right: r.right });
    }
    return lines;
  }

  function fits(el, run, layer, cfg) {
    const wide = el.scrollWidth > el.clientWidth + 1 || (cfg.button && el.parentElement.scrollWidth > layer.clientWidth + 1);
    const tall = !cfg.button && el.offsetHeight > layer.clientHeight + 1;
    const lines = lineRects(run).length;
    return { ok: !wide && !tall && (cfg.maxLines == null || lines <= cfg.maxLines), wide, tall, lines };
  }

  function spread(run) {
    const widths = lineRects(run).map((l) => l.right - l.left);
    if (widths.length < 2) return 0;
    const max = Math.max(...widths);
    return max > 0 ? (max - Math.min(...widths)) / max : 0;
  }

  // Every block is fitted by a generator that yields 'write' before it changes a style after
  // reading layout, and 'read' before it reads layout after a change. The driver (fitAll) runs
  // the writes of every block, then the reads of every block: one layout per round serves all the
  // blocks, instead of one per block per step. A block sits in its own absolutely positioned
  // layer, so another block's writes never move its measurements: each block takes exactly the
  // steps, and ends at exactly the sizes, it would alone.
  function* fitOne(el) {
    let phase = 'read';
    function* read() { if (phase !== 'read') { phase = 'read'; yield 'read'; } }
    function* write() { if (phase !== 'write') { phase = 'write'; yield 'write'; } }

    function* harmonize(run, layer, cfg, size) {
      yield* read();
      if (lineRects(run).length < 2) return;
      yield* write();
      el.style.textWrap = 'balance';
      yield* read();
      if (spread(run) <= 0.2) return;
      const base = parseFloat(getComputedStyle(el).letterSpacing) || 0;
      const tries = [];
      for (let k = 1; k <= 20; k++) tries.push([base - k * 0.1, size], [base + k * 0.1, size]);
      for (let d = 1; d <= 10; d++) tries.push([base, size - d]);
      let best = { s: spread(run), ls: base, size };
      const candidates = tries.filter(([, s]) => !(s < 1 || (cfg.min != null && s < cfg.min)));
      // Every candidate is measured in one layout: a clone of the block per candidate, beside it
      // in the same flex box (the same width, fonts and styles but the nudge), removed before
      // anything is drawn. The candidates are then judged in order, exactly as trying them one
      // by one would (the first whose lines differ by at most 20 % wins, else the best).
      yield* write();
      const clones = candidates.map(([ls, s]) => {
        const clone = el.cloneNode(true);
        clone.removeAttribute('data-fit');
        clone.style.letterSpacing = px(ls);
        clone.style.fontSize = px(s);
        return clone;
      });
      el.after(...clones);
      yield* read();
      let chosen = null;
      for (let i = 0; i < candidates.length && chosen === null; i++) {
        const clone = clones[i];
        const cloneRun = clone.querySelector('.pr-run') || clone;
        if (!fits(clone, cloneRun, layer, cfg).ok) continue;
        const sp = spread(cloneRun);
        if (sp < best.s) best = { s: sp, ls: candidates[i][0], size: candidates[i][1] };
        if (sp <= 0.2) chosen = candidates[i];
      }
      yield* write();
      for (const clone of clones) clone.remove();
      const [ls, s] = chosen || [best.ls, best.size];
      el.style.letterSpacing = px(ls);
      el.style.fontSize = px(s);
    }

    function* truncate(run, layer, cfg) {
      const chars = Array.from(run.textContent);
      let lo = 0, hi = chars.length;
      const show = (n) => { run.textContent = chars.slice(0, n).join('').trimEnd() + ELLIPSIS; };
      while (lo < hi) {
        const mid = Math.ceil((lo + hi) / 2);
        yield* write();
        show(mid);
        yield* read();
        if (fits(el, run, layer, cfg).ok) lo = mid; else hi = mid - 1;
      }
      yield* write();
      show(lo);
    }

    const cfg = JSON.parse(el.dataset.fit);
    const layer = el.closest('.pr-layer');
    const run = el.querySelector('.pr-run') || el;
    const name = layer.dataset.layer;
    let size = cfg.size;
    const setSize = (s) => { el.style.fontSize = px(s); };
    yield* read();
    if (!fits(el, run, layer, cfg).ok && cfg.min != null && cfg.min < size) {
      let lo = cfg.min, hi = size;
      yield* write();
      setSize(lo);
      yield* read();
      if (fits(el, run, layer, cfg).ok) {
        while (hi - lo > 0.25) {
          const mid = (lo + hi) / 2;
          yield* write();
          setSize(mid);
          yield* read();
          if (fits(el, run, layer, cfg).ok) lo = mid; else hi = mid;
        }
      }
      size = lo;
      yield* write();
      setSize(size);
    }
    if (cfg.harmony) yield* harmonize(run, layer, cfg, size);
    yield* read();
    let state = fits(el, run, layer, cfg);
    if (!state.ok && cfg.truncate) {
      yield* truncate(run, layer, cfg);
      yield* read();
      state = fits(el, run, layer, cfg);
    }
    if (!state.ok && (cfg.min != null || cfg.maxLines != null)) {
      const reason = cfg.maxLines != null && state.lines > cfg.maxLines
        ? 'the text needs ' + state.lines + ' lines but max_lines is ' + cfg.maxLines
        : 'the text does not fit its box' + (cfg.min != null ? ' even at min_font_size ' + cfg.min + 'px' : '');
      return { ok: false, layer: name, reason };
    }
    if (!state.ok && !cfg.button) {
      yield* write();
      layer.style.overflow = 'clip';
      layer.style.overflowClipMargin = px(cfg.clipMargin || 0);
      layer.dataset.overflow = 'clipped';
    }
    yield* read();
    const fitted = String(Math.round(parseFloat(getComputedStyle(el).fontSize) * 100) / 100);
    yield* write();
    el.dataset.fittedSize = fitted;
    return { ok: true };
  }

  // Runs the blocks' fitting in lockstep (see fitOne): all reads, then all writes, round after
  // round. Answers the first failure in document order, else ok.
  function fitAll(blocks) {
    const runs = blocks.map((el) => ({ gen: fitOne(el), want: 'read', result: null }));
    let phase = 'read';
    while (runs.some((r) => r.result === null)) {
      for (const r of runs) {
        if (r.result !== null || r.want !== phase) continue;
        const step = r.gen.next();
        if (step.done) r.result = step.value; else r.want = step.value;
      }
      phase = phase === 'read' ? 'write' : 'read';
    }
    return runs.map((r) => r.result).find((result) => !result.ok) || { ok: true };
  }

  // roots: the elements whose text and images this call prepares (a warm page passes only the
  // layers it replaced; the rest keep the fitting they were given).
  async function ready(roots) {
    const within = (selector) => roots.flatMap((root) => Array.from(root.querySelectorAll(selector)));
    const blocks = within('[data-fit]');
    await Promise.all(blocks.map((el) => {
      const cs = getComputedStyle(el);
      return document.fonts.load(cs.fontStyle + ' ' + cs.fontWeight + ' ' + cs.fontSize + ' ' + cs.fontFamily, (el.textContent || '') + ELLIPSIS).catch(() => undefined);
    }));
    await document.fonts.ready;
    await Promise.all(within('img').map((img) => img.decode().catch(() => undefined)));
    await Promise.all(within('[data-preload]').map((el) => {
      const img = new Image();
      img.src = el.dataset.preload;
      return img.decode().catch(() => undefined);
    }));
    const started = performance.now();
    const result = fitAll(blocks);
    if (!result.ok) return result;
    const fitMs = performance.now() - started;
    // No requestAnimationFrame wait: a pooled page that is not the foreground tab never gets a
    // frame, and the capture itself (CDP captureScreenshot) paints the current layout.
    return { ok: true, fitMs };
  }

  const failed = (e) => ({ ok: false, layer: '', reason: 'layout script failed: ' + (e && e.message) });
  // A warm page shell calls this again for every frame it is given.
  window.__pressroomFit = () => ready([document]).catch(failed);
  // A warm design page: only the given layers are new; fit their text and decode their images.
  window.__pressroomFitIn = (roots) => ready(roots).catch(failed);
  window.__pressroom = { ready: window.__pressroomFit() };
})();
`;
