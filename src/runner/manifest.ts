/**
 * The manifest of a run (`<dir>/run.json`): everything needed to know which games the run is made
 * of, so that `--resume <dir>` can finish it without the original command line. The game with a
 * given id is a pure function of the manifest ({@link gameAt}).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SideId } from '../core/model.js';
import { deriveSeed } from './seeds.js';
import type { GameSpec, RecordsMode } from './types.js';

/** Version tag of run.json. */
export const RUN_FORMAT = 'skirmish-run/1';

/** A run's defining settings. */
export interface RunManifest {
  format: typeof RUN_FORMAT;
  kind: 'tournament' | 'stress';
  scenario: {
    /** As the user named it (id or path). */
    arg: string;
    id: string;
    hash: string;
    ruleset: string;
    rulesetVersion: string;
  };
  /** The run seed; game seeds derive from it. */
  seed: number;
  /** Game count; ids are 1..games. */
  games: number;
  records: RecordsMode;
  /** Per-decision time limit, ms (0 = none). */
  timeLimitMs: number;
  /** Tournament: the agents (canonical specs, in the given order), games per pairing, optional SPRT. */
  tournament?: { agents: string[]; gamesPerPairing: number; sprt: [number, number] | null };
  /**
   * Stress: each side's agent; with `pairings` (two or more), the games go round the pairings
   * instead — game id i plays pairing (i − 1) mod P on the seed of deal ⌈i / P⌉, so every pairing
   * meets the same seeds — and `agents` gives each side's specs joined by " | " (for labels).
   */
  stress?: { agents: Record<SideId, string>; pairings?: Record<SideId, string>[] };
  /**
   * sha256 of every agent file the run's specs name (`./my-agent.ts`, `mcts:eval=w.json`; see
   * `agentFiles` in ./queue.ts), by the name used in the spec, taken when the run started:
   * `--resume` refuses a run whose agent file changed (its games would mix two versions of the
   * agent). Absent in runs started before it was kept.
   */
  agentFiles?: Record<string, string>;
  /** `--workers` as given; a resumed run uses it unless `--workers` is given again. Absent: the machine's cores. */
  workers?: number;
  /** The command that started the run (for the report). */
  command: string;
}

/** Every agent spec a run's games use (a stress run with pairings: each pairing's). */
export function runAgentSpecs(m: RunManifest): string[] {
  if (m.tournament) return [...m.tournament.agents];
  const ps = m.stress?.pairings;
  const specs = ps && ps.length > 0 ? ps.flatMap((p) => Object.values(p)) : Object.values(m.stress?.agents ?? {});
  return [...new Set(specs)];
}

/** Pairings of a round robin among `n` agents: (i, j) with i < j, in order. */
export function pairings(n: number): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) out.push([i, j]);
  return out;
}

/**
 * The game with id `id` (1-based) of a run.
 *
 * Tournament: games come in deals; deal d (0-based) is played by every pairing, each in both side
 * orders, on the seed `deriveSeed(seed, d)` — so every pairing meets the same seeds with sides
 * swapped. Ids run deal by deal: id − 1 = d · 2P + 2p + o (P pairings, p the pairing, o = 0 with
 * the pairing's first agent on the first side, 1 swapped).
 *
 * Stress: game id has the seed `deriveSeed(seed, id)` and the run's agents.
 */
export function gameAt(m: RunManifest, sides: readonly SideId[], id: number): GameSpec {
  if (m.kind === 'stress') {
    const ps = m.stress?.pairings;
    if (ps && ps.length > 0) {
      const pairing = ps[(id - 1) % ps.length];
      const ordered: Record<SideId, string> = {};
      for (const s of sides) ordered[s] = pairing[s];
      return { id, seed: deriveSeed(m.seed, Math.ceil(id / ps.length)), agents: ordered };
    }
    const agents = m.stress?.agents ?? {};
    const ordered: Record<SideId, string> = {};
    for (const s of sides) ordered[s] = agents[s];
    return { id, seed: deriveSeed(m.seed, id), agents: ordered };
  }
  const t = m.tournament;
  if (!t) throw new Error('run.json: a tournament without its agents');
  const ps = pairings(t.agents.length);
  const k = id - 1;
  const d = Math.floor(k / (2 * ps.length));
  const rest = k % (2 * ps.length);
  const [i, j] = ps[Math.floor(rest / 2)];
  const o = rest % 2;
  const first = o === 0 ? t.agents[i] : t.agents[j];
  const second = o === 0 ? t.agents[j] : t.agents[i];
  return { id, seed: deriveSeed(m.seed, d), agents: { [sides[0]]: first, [sides[1]]: second } };
}

/**
 * The games that belong with game `id` in the analysis: in a tournament, the same deal and pairing
 * in the other side order (ids 2k+1 and 2k+2 of the formula in {@link gameAt}); none in a stress run.
 */
export function partnersOf(m: RunManifest, id: number): number[] {
  if (m.kind !== 'tournament') return [];
  return [(id - 1) % 2 === 0 ? id + 1 : id - 1];
}

/** Read `<dir>/run.json`; throws naming the file when it is missing or not a run manifest. */
export function readManifest(dir: string): RunManifest {
  const file = join(dir, 'run.json');
  if (!existsSync(file))
    throw new ManifestError(`${dir}: not a run folder (no run.json); give the folder a tournament or stress run wrote`);
  let v: unknown;
  try {
    v = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new ManifestError(`${file}: not JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
  const o = v as Partial<RunManifest> | null;
  if (
    !o ||
    o.format !== RUN_FORMAT ||
    (o.kind !== 'tournament' && o.kind !== 'stress') ||
    typeof o.games !== 'number' ||
    typeof o.seed !== 'number' ||
    !o.scenario
  ) {
    throw new ManifestError(`${file}: not a run manifest (format ${RUN_FORMAT})`);
  }
  return o as RunManifest;
}

/** A run folder or manifest that cannot be used (the user's to fix). */
export class ManifestError extends Error {}
