import { describe, expect, it } from 'vitest';
import { chooseSubject, type Detection, parseDetections, wantedLabels } from './detections.js';

const labels = ['person', 'dog'];

describe('parseDetections', () => {
  // Two candidates: a person at (10, 20) 4×6, a weak dog at (30, 30) 2×2.
  const candidates = [
    [10, 20, 4, 6, 0.9, 0.1],
    [30, 30, 2, 2, 0.05, 0.2],
  ];

  it('reads [1, 4 + C, N] and [1, N, 4 + C], keeping each candidate’s best class above the score', () => {
    const attributesFirst = new Float32Array([0, 1, 2, 3, 4, 5].flatMap((k) => candidates.map((c) => c[k]!)));
    const candidatesFirst = new Float32Array(candidates.flat());
    const want = [{ label: 'person', score: expect.closeTo(0.9, 5), x: 16, y: 51, width: 8, height: 18 }];
    expect(parseDetections(attributesFirst, [1, 6, 2], labels, { x: 2, y: 3 }, 0.25)).toEqual(want);
    expect(parseDetections(candidatesFirst, [1, 2, 6], labels, { x: 2, y: 3 }, 0.25)).toEqual(want);
    expect(parseDetections(candidatesFirst, [1, 2, 6], labels, { x: 1, y: 1 }, 0.1).map((d) => d.label)).toEqual(['person', 'dog']);
  });

  it('names the layout it expected when the output has another', () => {
    expect(() => parseDetections(new Float32Array(10), [1, 5, 2], labels, { x: 1, y: 1 }, 0)).toThrow(
      'the detector output is [1, 5, 2]; expected [1, 6, N] or [1, N, 6] for 2 labels',
    );
  });
});

describe('choosing the subject', () => {
  const d = (label: string, x: number, width: number, score = 0.9): Detection => ({ label, score, x, y: 0, width, height: width });
  const found = [d('person', 0, 10), d('person', 80, 30), d('dog', 40, 20), d('person', 45, 10, 0.5)];

  it('wants focus_objects, else the class of auto_focus_model, among the labels the detector knows', () => {
    expect(wantedLabels({ focus_objects: ['Dog', 'cat'] }, labels)).toEqual(['dog']);
    expect(wantedLabels({}, labels)).toEqual(['person']);
    expect(wantedLabels({ model: 'face' }, labels)).toEqual([]);
    expect(wantedLabels({ model: 'generic' }, labels)).toEqual([]);
  });

  it('picks by focus_target', () => {
    expect(chooseSubject(found, ['person'], undefined, 100)?.x).toBe(80);
    expect(chooseSubject(found, ['person'], 'largest', 100)?.x).toBe(80);
    expect(chooseSubject(found, ['person'], 'left', 100)?.x).toBe(0);
    expect(chooseSubject(found, ['person'], 'right', 100)?.x).toBe(80);
    expect(chooseSubject(found, ['person'], 'middle', 100)?.x).toBe(45);
    expect(chooseSubject(found, ['person', 'dog'], 'all', 100)).toMatchObject({ x: 0, width: 110, height: 30 });
    expect(chooseSubject(found, ['cat'], 'largest', 100)).toBeNull();
  });
});
