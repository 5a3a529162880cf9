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

/** The first lines of a session, resumed or not (issue 20, item 9). */
describe('run progress: the first lines', () => {
  afterEach(() => vi.useRealTimers());
  it('after --resume, the rate counts this session from its first game: no start-up time, no earlier games', () => {
    vi.useFakeTimers({ now: 0 });
    const out: string[] = [];
    const p = new Progress(300, 150, { write: (s: string) => out.push(s), isTTY: true });
    vi.advanceTimersByTime(8000); // the workers start up
    p.tick(false); // first game of the session: no rate yet
    expect(out.at(-1)).toContain('151/300 games (50%)  measuring speed…');
    for (let i = 0; i < 10; i++) {
      vi.advanceTimersByTime(100); // then 10 games a second
      p.tick(false);
    }
    expect(out.at(-1)).toContain('161/300 games (53%)  10.0 games/s  ETA 0:14');
  });
  it('resuming a finished run says there is nothing left, not "0.0 games/s ETA ?"', () => {
    const out: string[] = [];
    new Progress(300, 300, { write: (s: string) => out.push(s) }).finish();
    expect(out.join('')).toBe('progress: 300/300 games (100%)  nothing left to play  errors 0\n');
  });
});
