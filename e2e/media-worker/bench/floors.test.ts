import { describe, expect, it } from 'vitest';
import { benchmarkCpuMs, type Floor, floorTable } from './floors.js';

const mp4: Floor = { file: 'mp4', frames: 125, chromiumMs: 4.2, encoderMs: 7.5, encoder: 'x264 ultrafast' };
const goals = () => ({ wallSeconds: 1.2, cpuMsPerFrame: 12, cores: 2 });

describe('floorTable', () => {
  it('adds the two parts a frame, says what the goal leaves, and spreads their CPU over every core', () => {
    const row = floorTable([mp4], goals).at(-1);
    // 11.7 ms a frame; 11.7 × 125 / 1000 / 2 = 0.73 s.
    expect(row).toBe('| mp4, 125 frames | 4.2 ms | 7.5 ms (x264 ultrafast) | 11.7 ms | ≤ 12 ms | 0.3 ms | 0.73 s on 2 cores | ≤ 1.20 s |');
  });

  it('marks a sum over its goal', () => {
    const row = floorTable([{ ...mp4, encoderMs: 15 }], goals).at(-1)!;
    // 19.2 ms a frame; 19.2 × 125 / 1000 / 2 = 1.2 s: at the goal, not over it.
    expect(row).toContain('| 19.2 ms (over) | ≤ 12 ms | none |');
    expect(row).toContain('| 1.20 s on 2 cores | ≤ 1.20 s |');
    const slower = floorTable([{ ...mp4, encoderMs: 16 }], goals).at(-1)!;
    expect(slower).toContain('1.26 s on 2 cores (over)');
  });

  it('has one row per file under its header', () => {
    const lines = floorTable([mp4, { ...mp4, file: 'gif', frames: 63 }], goals);
    expect(lines.filter((l) => l.startsWith('| mp4') || l.startsWith('| gif'))).toHaveLength(2);
    expect(lines[2]).toMatch(/^\| File \|/);
  });
});

describe('benchmarkCpuMs', () => {
  it("reads ffmpeg's user and system time", () => {
    expect(benchmarkCpuMs('frame=  125 fps=0.0\nbench: utime=0.912s stime=0.041s rtime=0.520s\nbench: maxrss=61440kB\n')).toBeCloseTo(
      953,
      6,
    );
  });

  it('is NaN without the line', () => {
    expect(benchmarkCpuMs('')).toBeNaN();
  });
});
