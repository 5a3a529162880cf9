/**
 * Game seeds and reproduction commands of a run.
 */
import { streamFromString } from '../core/rng.js';
import type { SideId } from '../core/model.js';

/**
 * The seed of deal `k` of a run with seed `runSeed`: a whole number in [0, 2³²), a pure function
 * of its two arguments (never of worker count or order). Different run seeds give unrelated deals.
 */
export function deriveSeed(runSeed: number, k: number): number {
  return Math.floor(streamFromString(`run/${runSeed}/deal/${k}`).next() * 0x1_0000_0000);
}

/** Quote one word for a POSIX shell when it holds anything but safe characters. */
export function shellWord(s: string): string {
  return /^[A-Za-z0-9_./:=,@+%-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/**
 * The command (run from the project folder) that replays one game of a run on its own, with the
 * same scenario, seed and agents: `npx tsx src/cli.ts run --scenario … --seed … --agent side=spec …`,
 * for a game of a `tune` candidate its scenario parameters (`--param name=value …`), and for a game
 * lost on time the run's per-decision limit (`--time-limit ms`, when `timeLimitMs` > 0).
 */
export function reproCommand(
  scenarioArg: string,
  seed: number,
  agents: Record<SideId, string>,
  params?: Readonly<Record<string, unknown>>,
  timeLimitMs = 0,
): string {
  const parts = ['npx', 'tsx', 'src/cli.ts', 'run', '--scenario', shellWord(scenarioArg), '--seed', String(seed)];
  for (const [side, spec] of Object.entries(agents)) parts.push('--agent', shellWord(`${side}=${spec}`));
  for (const [name, value] of Object.entries(params ?? {}))
    parts.push('--param', shellWord(`${name}=${typeof value === 'string' ? value : JSON.stringify(value)}`));
  if (timeLimitMs > 0) parts.push('--time-limit', String(timeLimitMs));
  return parts.join(' ');
}
