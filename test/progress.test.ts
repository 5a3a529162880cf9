import { afterEach, describe, expect, it, vi } from 'vitest';
import { Progress } from '../src/runner/progress.js';

/** Progress lines of a long run (plain lines, as in logs and CI). */
describe('run progress', () => {
  afterEach(() => vi.useRealTimers());

  function lines(games: number, seconds: number): string[] {
    vi.useFakeTimers({ now: 0 });
    const out: string[] = [];
    const p = new Progress(200, 150, { write: (s: string) => out.push(s) }, 5000);
    for (let i = 0; i < games; i++) {
      vi.advanceTimersByTime((seconds * 1000) / games);
      p.tick(i === 0);
    }
    p.finish();
    return out;
  }

  it('gives fast runs in games/s, counting only this session, with ETA and errors', () => {
    const last = lines(40, 10).at(-1) ?? '';
    expect(last).toBe('progress: 190/200 games (95%)  4.0 games/s  ETA 0:03  errors 1\n');
  });

  it('gives slow runs (under one game a second) in games/min instead of a rounded 0.0 games/s', () => {
    const last = lines(4, 120).at(-1) ?? '';
    expect(last).toBe('progress: 154/200 games (77%)  2.0 games/min  ETA 23:00  errors 1\n');
  });
});
