/**
 * Progress of a run on stderr: a bar redrawn in place with rate and ETA on a terminal, plain lines
 * every few seconds otherwise (logs, CI, pipes).
 */

/** Where progress goes: a writable with an optional `isTTY` (process.stderr). */
export interface ProgressSink {
  write(s: string): unknown;
  isTTY?: boolean;
}

function clock(s: number): string {
  if (!Number.isFinite(s)) return '?';
  const t = Math.round(s);
  const h = Math.floor(t / 3600);
  const m = Math.floor((t % 3600) / 60);
  const sec = t % 60;
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${String(sec).padStart(2, '0')}` : `${m}:${String(sec).padStart(2, '0')}`;
}

/** Counts finished games against a total and shows rate and ETA. */
export class Progress {
  private readonly t0 = Date.now();
  /** When this session's first game finished: the rate counts from there, not from the start (workers start up for seconds first). */
  private first: number | null = null;
  private last = 0;
  private done: number;
  private errors = 0;
  private readonly tty: boolean;

  /**
   * @param total games in the whole run
   * @param already games finished before this session (a resumed run); not counted in the rate
   * @param sink where to write (null: silent)
   * @param everyMs interval between plain lines when not a terminal
   */
  constructor(
    private readonly total: number,
    private readonly already: number,
    private readonly sink: ProgressSink | null,
    private readonly everyMs = 5000,
  ) {
    this.done = already;
    this.tty = sink?.isTTY === true;
    this.last = this.tty ? 0 : this.t0; // plain lines: the first after `everyMs`, when the rate means something
  }

  /** One more finished game (`error`: it was an error row). */
  tick(error: boolean): void {
    this.done++;
    if (error) this.errors++;
    const now = Date.now();
    this.first ??= now;
    if (now - this.last >= (this.tty ? 100 : this.everyMs)) {
      this.last = now;
      this.draw();
    }
  }

  /**
   * Games per second this session, from the first game it finished (the games after it, over the
   * time since): neither the workers' start-up nor the games of earlier sessions (a resumed run)
   * count. NaN until two games have finished in this session.
   */
  rate(): number {
    const n = this.done - this.already - 1;
    if (this.first === null || n < 1) return Number.NaN;
    const s = (Date.now() - this.first) / 1000;
    return s > 0 ? n / s : Number.NaN;
  }

  private line(): string {
    const pct = this.total ? Math.floor((100 * this.done) / this.total) : 100;
    const head = `${this.done}/${this.total} games (${pct}%)`;
    if (this.done - this.already === 0 && this.done >= this.total) return `${head}  nothing left to play  errors ${this.errors}`;
    const r = this.rate();
    if (!Number.isFinite(r)) return `${head}  measuring speed…  errors ${this.errors}`;
    const eta = r > 0 ? (this.total - this.done) / r : Infinity;
    return `${head}  ${formatGameRate(r)}  ETA ${clock(eta)}  errors ${this.errors}`;
  }

  private draw(): void {
    if (!this.sink) return;
    if (this.tty) {
      const width = 24;
      const filled = this.total ? Math.round((width * this.done) / this.total) : width;
      this.sink.write(`\r\x1b[K[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${this.line()}`);
    } else this.sink.write(`progress: ${this.line()}\n`);
  }

  /** Final state of the bar (ends the terminal line). */
  finish(): void {
    if (!this.sink) return;
    this.draw();
    if (this.tty) this.sink.write('\n');
  }
}

/**
 * A speed in words: "12.3 games/s", or "0.7 games/min" under one game a second (MCTS on both sides
 * plays a game in tens of seconds, which "0.0 games/s" would hide). `gamesPerSecond` ≥ 0.
 */
export function formatGameRate(gamesPerSecond: number): string {
  const r = gamesPerSecond;
  return r >= 1 || r === 0 ? `${r.toFixed(1)} games/s` : `${(r * 60).toFixed(1)} games/min`;
}
