/**
 * Helpers shared by the CLI commands: errors that are the user's to fix (exit 2), atomic writes,
 * option parsers, and turning `--agent side=spec` options into agent factories.
 */
import { InvalidArgumentError } from 'commander';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { ScenarioError, type SideId } from '../core/model.js';
import { RecordError } from '../core/record.js';
import type { AgentFactory } from '../core/agent.js';
import type { LoadedScenario } from '../core/game.js';
import { AgentSpecError, resolveAgent } from '../../agents/index.js';

/** An error that is the user's to fix: printed without a stack, exit code 2. */
export class UsageError extends Error {}

/** True for errors caused by bad input (a file, a spec, an option) rather than by a defect. */
export function isUserError(e: unknown): boolean {
  return e instanceof UsageError || e instanceof ScenarioError || e instanceof AgentSpecError || e instanceof RecordError;
}

/** Print an error and exit: 2 for bad input, 3 for an internal error (with its stack). */
export function fail(e: unknown): never {
  if (isUserError(e)) {
    process.stderr.write(`error: ${(e as Error).message}\n`);
    process.exit(2);
  }
  process.stderr.write(`internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(3);
}

/** Write a file atomically: to a temporary name, then rename (never a half-written file). */
export function writeAtomic(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.tmp-${process.pid}`;
  writeFileSync(tmp, text);
  renameSync(tmp, file);
}

/** Commander parser for a whole number ≥ 0 (seeds, counts). */
export function parseSeed(v: string): number {
  const n = Number(v);
  if (!Number.isSafeInteger(n) || n < 0) throw new InvalidArgumentError('expected a whole number ≥ 0');
  return n;
}

/** Commander parser for a whole number ≥ 1. */
export function parsePositive(v: string): number {
  const n = Number(v);
  if (!Number.isSafeInteger(n) || n < 1) throw new InvalidArgumentError('expected a whole number ≥ 1');
  return n;
}

/** Commander collector for repeatable options. */
export function collect(v: string, prev: string[]): string[] {
  return [...prev, v];
}

/** Parse `--agent side=spec` options against the scenario's sides; missing sides get `dflt`. */
export function agentSpecs(scenario: LoadedScenario, given: string[], dflt = 'heuristic'): Record<SideId, string> {
  const sides = scenario.ruleset.sides(scenario.compiled);
  const out: Record<SideId, string> = {};
  for (const g of given) {
    const eq = g.indexOf('=');
    if (eq <= 0) throw new UsageError(`--agent ${g}: expected <side>=<agent spec>, e.g. --agent ${sides[0]}=heuristic`);
    const side = g.slice(0, eq);
    if (!sides.includes(side)) throw new UsageError(`--agent ${g}: no side "${side}" in ${scenario.id} (sides: ${sides.join(', ')})`);
    out[side] = g.slice(eq + 1);
  }
  for (const s of sides) out[s] ??= dflt;
  return out;
}

/** Resolve each side's spec (built-in or file) into a factory, and its canonical spec. */
export async function resolveFactories(
  specs: Record<SideId, string>,
): Promise<{ factories: Record<SideId, { factory: AgentFactory; options: Record<string, string> }>; canonical: Record<SideId, string> }> {
  const factories: Record<SideId, { factory: AgentFactory; options: Record<string, string> }> = {};
  const canonical: Record<SideId, string> = {};
  for (const [side, spec] of Object.entries(specs)) {
    const r = await resolveAgent(spec);
    factories[side] = { factory: r.factory, options: r.options };
    canonical[side] = r.spec;
  }
  return { factories, canonical };
}
