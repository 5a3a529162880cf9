/**
 * The workshop's "watch AI vs AI" (issue 44 item 2): one game of a scenario played on the spot by
 * built-in agents on a worker thread (src/runner/run-thread.ts, the code of `run --time-limit`),
 * bounded per decision ({@link WATCH_DECISION_MS}) and in all ({@link WATCH_GAME_MS}), its record
 * kept in the runs folder and shown in the replay viewer `replay --html` writes
 * (src/render/html.ts). One such game at a time per server; the last {@link WATCH_KEPT} stay
 * reachable by id.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { writeAtomic } from '../core/files.js';
import type { LoadedScenario } from '../core/game.js';
import type { SideId } from '../core/model.js';
import { parseRecord, stopLineText } from '../core/record.js';
import { recordFrames } from '../render/frames.js';
import { framesToHtml } from '../render/html.js';
import { playOnThread } from '../runner/run-thread.js';
import { HostError } from './games.js';
import type { WatchView } from './workshop-protocol.js';

/** Each decision's time limit in a watched game, ms (an agent past it loses, as in `run --time-limit`). */
export const WATCH_DECISION_MS = 10_000;
/** The whole watched game's limit, ms: past it the game is stopped and shown as far as it went. */
export const WATCH_GAME_MS = 120_000;
/** How many watched games stay reachable by id. */
export const WATCH_KEPT = 20;

/** The watched games of one server: one playing at a time, the last {@link WATCH_KEPT} kept. */
export class WatchGames {
  private playing = false;
  private readonly kept = new Map<string, { file: string; title: string }>();
  private readonly stops = new Set<AbortController>();

  /** @param runsDir the folder the records go to (`watch-<id>.jsonl`; created on the first game). */
  constructor(
    private readonly runsDir: string,
    private readonly limits = { decisionMs: WATCH_DECISION_MS, gameMs: WATCH_GAME_MS },
  ) {}

  /**
   * Play one game of `sc` (named `source` in words) with `agents` (side → canonical built-in spec)
   * on `seed`, to its end or its limit. A {@link HostError} 409 while another is playing.
   */
  async play(sc: LoadedScenario, source: string, agents: Record<SideId, string>, seed: number): Promise<WatchView> {
    if (this.playing) throw new HostError(409, 'an AI-vs-AI game is already being played on this server; wait for it to end');
    this.playing = true;
    const stop = new AbortController();
    this.stops.add(stop);
    const timer = setTimeout(
      () => stop.abort(`the game took longer than ${this.limits.gameMs / 1000} s in all; it was stopped there`),
      this.limits.gameMs,
    );
    try {
      const r = await playOnThread(sc, seed, agents, this.limits.decisionMs, false, undefined, stop.signal);
      const id = `w${randomBytes(6).toString('hex')}`;
      let lines = r.lines;
      let result: WatchView['result'] = null;
      let stopped: string | undefined;
      if (r.kind === 'done') result = { winner: r.result.winner, reason: r.result.reason };
      else {
        const decisions = r.kind === 'failed' ? r.decisions : 0;
        const reason = r.kind === 'failed' ? r.reason : 'agent error';
        stopped = `${r.side} (${agents[r.side] ?? '?'}): ${r.message}`;
        lines = [...lines, stopLineText({ reason, side: r.side, decisions, message: r.message })];
      }
      mkdirSync(this.runsDir, { recursive: true });
      const file = join(resolve(this.runsDir), `watch-${sc.id}-seed${seed}-${id}.jsonl`);
      writeAtomic(file, `${lines.join('\n')}\n`);
      const title = `${sc.id} (${source}), seed ${seed}: ${Object.entries(agents)
        .map(([s, a]) => `${s} ${a}`)
        .join(' vs ')}`;
      this.kept.set(id, { file, title });
      while (this.kept.size > WATCH_KEPT) this.kept.delete(this.kept.keys().next().value as string);
      const decisions = r.kind === 'done' ? r.result.decisions : r.kind === 'failed' ? r.decisions : 0;
      return {
        id,
        scenario: sc.id,
        source,
        seed,
        agents,
        result,
        decisions,
        ...(stopped !== undefined ? { stopped } : {}),
        file,
        replay: `/api/workshop/watch/${id}/replay`,
        record: `/api/workshop/watch/${id}/record`,
      };
    } finally {
      clearTimeout(timer);
      this.stops.delete(stop);
      this.playing = false;
    }
  }

  private entry(id: string): { file: string; title: string } {
    const e = this.kept.get(id);
    if (!e) throw new HostError(404, `no watched game "${id}" (the server keeps the last ${WATCH_KEPT}; it may have restarted)`);
    return e;
  }

  /** A watched game's record (JSON Lines; a stopped game's ends with its stop line). */
  record(id: string): string {
    return readFileSync(this.entry(id).file, 'utf8');
  }

  /** A watched game in the replay viewer (render's self-contained HTML player). */
  replay(id: string): string {
    const e = this.entry(id);
    return framesToHtml(recordFrames(parseRecord(readFileSync(e.file, 'utf8'), e.file), e.title));
  }

  /** Stop a game being played (the server is closing). */
  close(): void {
    for (const s of this.stops) s.abort('the server is closing');
  }
}
