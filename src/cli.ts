#!/usr/bin/env node
/**
 * The command line: `skirmish <command>` (built) or `npx tsx src/cli.ts <command>` (development).
 * Exit codes: 0 success; 1 a failed verification; 2 bad input (a file, a spec, an option).
 */
import { Command, InvalidArgumentError } from 'commander';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { ScenarioError, type SideId } from './core/model.js';
import { builtinScenarioFiles, projectRoot, readScenarioFile } from './core/scenario.js';
import { makeAgents, playGame, type LoadedScenario } from './core/game.js';
import { RecordError, readRecord } from './core/record.js';
import { RULESETS, compileSource, loadScenario } from './rules/index.js';
import { storyOf, verifyRecord } from './replay.js';
import { AgentSpecError, BUILTIN_AGENTS, resolveAgent } from '../agents/index.js';

/** An error that is the user's to fix: printed without a stack, exit code 2. */
export class UsageError extends Error {}

function fail(e: unknown): never {
  if (e instanceof UsageError || e instanceof ScenarioError || e instanceof AgentSpecError || e instanceof RecordError) {
    process.stderr.write(`error: ${e.message}\n`);
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

function parseSeed(v: string): number {
  const n = Number(v);
  if (!Number.isSafeInteger(n) || n < 0) throw new InvalidArgumentError('expected a whole number ≥ 0');
  return n;
}

function collect(v: string, prev: string[]): string[] {
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

function load(name: string): LoadedScenario {
  return loadScenario(name);
}

const program = new Command();
program
  .name('skirmish')
  .description('Headless simulator for tabletop skirmish wargames: play games between AI agents, verify records, list scenarios.')
  .version('0.1.0')
  .showHelpAfterError('(run with --help for usage)')
  .addHelpText(
    'after',
    `
Examples:
  npx tsx src/cli.ts run --scenario supply-raid --seed 7 --agent pirates=heuristic --agent townsfolk=random
  npx tsx src/cli.ts replay results/supply-raid-seed7.jsonl --verify
  npx tsx src/cli.ts scenarios

Agents: ${Object.entries(BUILTIN_AGENTS)
      .map(([n, a]) => `${n} (${a.description})`)
      .join('; ')}; or a path to your own agent module (see agents/examples/).`,
  );

program
  .command('run')
  .description('Play one game: prints the story of the game and writes its record (JSON Lines) under results/.')
  .requiredOption('--scenario <id or path>', 'a built-in scenario id (see `scenarios`) or a scenario file')
  .option('--seed <n>', 'game seed: the same seed and agents give the same game', parseSeed, 1)
  .option('--agent <side=spec>', 'the agent of a side, e.g. pirates=heuristic or townsfolk=greedy:samples=4 (repeat per side; default heuristic)', collect, [])
  .option('--out <file>', 'where to write the record (default results/<scenario>-seed<seed>.jsonl)')
  .option('--json', 'print only one JSON summary line: winner, turns, record, …')
  .option('--quiet', 'print only the result line')
  .option('--explain', "keep agents' explanations in the record (MCTS root statistics)")
  .addHelpText(
    'after',
    `
Example:
  npx tsx src/cli.ts run --scenario supply-raid --seed 7 --agent pirates=heuristic --agent townsfolk=random --out results/game7.jsonl`,
  )
  .action(async (o: { scenario: string; seed: number; agent: string[]; out?: string; json?: boolean; quiet?: boolean; explain?: boolean }) => {
    try {
      const sc = load(o.scenario);
      const specs = agentSpecs(sc, o.agent);
      const factories: Record<SideId, { factory: import('./core/agent.js').AgentFactory; options: Record<string, string> }> = {};
      const canonical: Record<SideId, string> = {};
      for (const [side, spec] of Object.entries(specs)) {
        const r = await resolveAgent(spec);
        factories[side] = { factory: r.factory, options: r.options };
        canonical[side] = r.spec;
      }
      const agents = makeAgents(sc, o.seed, factories);
      const out = o.out ?? join('results', `${sc.id}-seed${o.seed}.jsonl`);
      const story = !o.json && !o.quiet;
      if (story) process.stdout.write(`${sc.id} — seed ${o.seed}; ${Object.entries(canonical).map(([s, a]) => `${s}: ${a}`).join(', ')}\n`);
      const { result, lines } = await playGame(sc, o.seed, agents, {
        record: true,
        explain: o.explain,
        onEvent: story
          ? (e) => {
              const t = sc.ruleset.describeEvent(sc.compiled, e);
              if (t !== null) process.stdout.write(`${t}\n`);
            }
          : undefined,
      });
      for (const a of Object.values(agents)) await a.close?.();
      writeAtomic(out, `${(lines as string[]).join('\n')}\n`);
      if (o.json) {
        process.stdout.write(
          `${JSON.stringify({
            scenario: sc.id,
            seed: o.seed,
            agents: canonical,
            winner: result.winner,
            reason: result.reason,
            turns: result.stats.turns ?? null,
            decisions: result.decisions,
            hash: result.hash,
            record: out,
            stats: result.stats,
          })}\n`,
        );
      } else {
        process.stdout.write(`Result: ${result.winner ?? 'draw'} — ${result.reason}. Record: ${out}\n`);
      }
    } catch (e) {
      fail(e);
    }
  });

program
  .command('replay')
  .description('Print the story of a recorded game; with --verify, re-run it from its seed and check every line.')
  .argument('<file>', 'a record written by `run` (JSON Lines)')
  .option('--verify', 're-run the game from the seed and decisions; exit 1 and name the first differing line on a mismatch')
  .option('--quiet', 'do not print the story')
  .option('--why', "show agents' recorded explanations in the story")
  .addHelpText(
    'after',
    `
Example:
  npx tsx src/cli.ts replay results/supply-raid-seed7.jsonl --verify`,
  )
  .action((file: string, o: { verify?: boolean; quiet?: boolean; why?: boolean }) => {
    try {
      const lines = readRecord(file);
      if (!o.quiet) process.stdout.write(`${storyOf(lines, file, o.why).join('\n')}\n`);
      if (o.verify) {
        const v = verifyRecord(lines, file);
        if (!v.ok) {
          process.stderr.write(`verify FAILED: ${file}: ${v.message}\n`);
          process.exit(1);
        }
        process.stdout.write(`verified: ${file} — ${v.decisions} decisions replayed, every line identical, final hash ${v.hash}\n`);
      }
    } catch (e) {
      fail(e);
    }
  });

program
  .command('scenarios')
  .description('List the built-in scenarios.')
  .option('--json', 'one JSON object per line')
  .addHelpText('after', '\nExample:\n  npx tsx src/cli.ts scenarios')
  .action((o: { json?: boolean }) => {
    try {
      for (const f of builtinScenarioFiles()) {
        const src = readScenarioFile(f);
        const raw = src.raw as { name?: string; sides?: { id: string }[] };
        const rel = relative(projectRoot(), f);
        if (o.json) process.stdout.write(`${JSON.stringify({ id: src.id, ruleset: src.ruleset, name: raw.name, sides: raw.sides?.map((s) => s.id), file: rel })}\n`);
        else process.stdout.write(`${src.id.padEnd(20)} ${src.ruleset.padEnd(12)} ${String(raw.name ?? '').padEnd(24)} sides: ${(raw.sides ?? []).map((s) => s.id).join(', ')}  (${rel})\n`);
      }
    } catch (e) {
      fail(e);
    }
  });

program
  .command('validate')
  .description('Check scenario files against their ruleset: schema, geometry (convex buildings, room to deploy), decks.')
  .argument('<files...>', 'scenario JSON files')
  .addHelpText('after', '\nExample:\n  npx tsx src/cli.ts validate scenarios/pirates/supply-raid.json')
  .action((files: string[]) => {
    let bad = 0;
    for (const f of files) {
      try {
        const sc = compileSource(readScenarioFile(f));
        process.stdout.write(`ok: ${f} (${sc.ruleset.id} scenario "${sc.id}", sides ${sc.ruleset.sides(sc.compiled).join(', ')})\n`);
      } catch (e) {
        bad++;
        process.stderr.write(`error: ${e instanceof Error ? e.message : String(e)}\n`);
      }
    }
    if (bad) process.exit(2);
  });

program
  .command('schema')
  .description('Write the JSON Schema of each ruleset\'s scenario files (for editors and validation).')
  .option('--out <dir>', 'folder to write <ruleset>.schema.json into', 'scenarios/schema')
  .addHelpText('after', '\nExample:\n  npx tsx src/cli.ts schema --out scenarios/schema')
  .action((o: { out: string }) => {
    try {
      for (const r of RULESETS.values()) {
        if (!r.jsonSchema) continue;
        const file = join(o.out, `${r.id}.schema.json`);
        writeAtomic(file, `${JSON.stringify(r.jsonSchema(), null, 2)}\n`);
        process.stdout.write(`wrote ${file}\n`);
      }
    } catch (e) {
      fail(e);
    }
  });

program.parseAsync(process.argv).catch(fail);
