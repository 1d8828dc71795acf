/**
 * What the render shell and the animation player put on a page's `window` (the renderer's
 * fit-script.ts and animation/player.ts), as the worker's `page.evaluate` callbacks read it.
 * Declared once here instead of cast at each call.
 */
declare global {
  interface Window {
    /** Fits the canvas's text and reports (fit-script.ts); present once the shell is loaded. */
    __pressroomFit?: () => Promise<{ ok: boolean; layer?: string; reason?: string; fitMs?: number }>;
    /** The @font-face rules already inserted into the shell's sheet (render-to-image.ts). */
    __prFontRules?: Set<string>;
    /** The animation player (animation/player.ts). */
    __prAnim?: {
      prepare(typewriting: unknown, videos?: unknown): void;
      apply(states: unknown, videoFrames: unknown): Promise<void>;
      units(name: string): [number, number, number, number][];
    };
  }
}

export {};
