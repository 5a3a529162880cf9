/** `scenarios`, `validate`, `schema`: the scenario files. */
import type { Command } from 'commander';
import { join, relative } from 'node:path';
import { builtinScenarioFiles, projectRoot, readScenarioFile, resolveScenario } from '../core/scenario.js';
import { RULESETS, checkParameterValues, compileSource } from '../rules/index.js';
import { EXIT, checkWritableDir, fail, isUserError } from './common.js';
import { ScenarioError } from '../core/model.js';
import { writeAtomic } from '../core/files.js';
import { MAX_OVERLAPS, scenarioWarnings } from '../core/scenario-lint.js';
import { levelOffers } from '../../agents/levels.js';

/** Most warnings `validate` prints for one file; it says how many more there are. */
const MAX_WARNINGS = 20;

/** Adds the `scenarios`, `validate` and `schema` command to the program. */
export function registerScenarios(program: Command): void {
  program
    .command('scenarios')
    .description('List the built-in scenarios.')
    .option('--json', 'one JSON object per line')
    .option(
      '--levels',
      "list each ruleset's difficulty levels instead (easy, normal, hard, expert: the agent spec each plays, for `play --opponent <level>` and the web app's setup page)",
    )
    .addHelpText('after', '\nExamples:\n  npx tsx src/cli.ts scenarios\n  npx tsx src/cli.ts scenarios --levels')
    .action((o: { json?: boolean; levels?: boolean }) => {
      try {
        if (o.levels) {
          const rows = [...RULESETS.values()].flatMap((r) =>
            levelOffers(r).map((l) => ({ ruleset: r.id, level: l.id, spec: l.spec, words: l.words })),
          );
          if (o.json) for (const r of rows) process.stdout.write(`${JSON.stringify(r)}\n`);
          else {
            const wr = Math.max(...rows.map((r) => r.ruleset.length));
            const ws = Math.max(...rows.map((r) => r.spec.length));
            for (const r of rows)
              process.stdout.write(
                `${r.ruleset.padEnd(wr)}  ${r.level.padEnd(6)}  ${r.spec.padEnd(ws)}  ${r.words.slice(r.level.length + 3)}\n`,
              );
          }
          return;
        }
        const rows = builtinScenarioFiles().map((f) => {
          const src = readScenarioFile(f);
          const raw = src.raw as { name?: string; sides?: { id: string }[] };
          return {
            id: src.id,
            ruleset: src.ruleset,
            name: String(raw.name ?? ''),
            sides: (raw.sides ?? []).map((s) => s.id),
            file: relative(projectRoot(), f),
          };
        });
        if (o.json) {
          for (const r of rows) process.stdout.write(`${JSON.stringify(r)}\n`);
          return;
        }
        // Columns as wide as their longest entry.
        const w = (k: 'id' | 'ruleset' | 'name'): number => Math.max(...rows.map((r) => r[k].length));
        const [wi, wr, wn] = [w('id'), w('ruleset'), w('name')];
        for (const r of rows)
          process.stdout.write(
            `${r.id.padEnd(wi)}  ${r.ruleset.padEnd(wr)}  ${r.name.padEnd(wn)}  sides: ${r.sides.join(', ')}  (${r.file})\n`,
          );
      } catch (e) {
        fail(e);
      }
    });

  program
    .command('validate')
    .description(
      "Check scenario files against their ruleset: schema, geometry (convex buildings, room to deploy), decks, and tunable parameters (each declaration, the file's own value among its values, and the scenario still valid at each parameter's smallest and largest value). Warns (on stderr, exit code unchanged) about what is valid but may not be meant: terrain pieces that overlap.",
    )
    .argument('<files...>', 'scenario JSON files (or built-in scenario ids)')
    .addHelpText(
      'after',
      `
Output: one "ok: <file> (…)" line per valid file on stdout; for a file that is not, one
"error: <file>: at <JSON path>: <what is wrong>" line on stderr. A valid file may also get
"warning: <file>: …" lines on stderr, each naming the parts of the file by JSON path, e.g.
  warning: my.json: terrain $.terrain[2] "wood" and $.terrain[5] "pond" overlap (near 14, 9); …
Overlapping terrain is a warning, not an error: some rulesets layer areas on purpose (in Escarmouche
the later area lies on top: a bridge over a stream). Exit codes: 0 every file valid (warnings or
not), 2 a file invalid, 3 an internal error.

Examples:
  npx tsx src/cli.ts validate scenarios/pirates/supply-raid.json
  npx tsx src/cli.ts validate my-scenario.json wagon-raid          # files and built-in ids together`,
    )
    .action((files: string[]) => {
      let bad = 0;
      let internal = 0;
      for (const f of files) {
        try {
          const src = resolveScenario(f); // a file, or a built-in scenario's id
          const sc = compileSource(src);
          const params = checkParameterValues(src);
          const tunable = params ? `; ${params} tunable parameter${params === 1 ? '' : 's'}, each valid at its extremes` : '';
          process.stdout.write(
            `ok: ${f} (${sc.ruleset.id} scenario "${sc.id}", sides ${sc.ruleset.sides(sc.compiled).join(', ')}${tunable})\n`,
          );
          const warnings = scenarioWarnings(src.raw);
          for (const w of warnings.slice(0, MAX_WARNINGS)) process.stderr.write(`warning: ${f}: ${w.message}\n`);
          if (warnings.length > MAX_WARNINGS)
            process.stderr.write(
              `warning: ${f}: … and ${warnings.length - MAX_WARNINGS} more${warnings.length >= MAX_OVERLAPS ? ` (the search stops at ${MAX_OVERLAPS})` : ''}\n`,
            );
        } catch (e) {
          bad++;
          const msg = e instanceof Error ? e.message : String(e);
          if (isUserError(e))
            process.stderr.write(`error: ${msg.startsWith(f) || (e instanceof ScenarioError && e.source !== f) ? msg : `${f}: ${msg}`}\n`);
          else {
            // A defect, not the file's fault: said as one (exit 3), with the file that showed it.
            internal++;
            process.stderr.write(`internal error on ${f}: ${e instanceof Error ? (e.stack ?? msg) : msg}\n`);
          }
        }
      }
      if (internal) process.exit(EXIT.internal);
      if (bad) process.exit(EXIT.badInput);
    });

  program
    .command('schema')
    .description("Write the JSON Schema of each ruleset's scenario files (for editors and validation).")
    .option('--out <dir>', 'folder to write <ruleset>.schema.json into', 'scenarios/schema')
    .addHelpText('after', '\nExample:\n  npx tsx src/cli.ts schema --out scenarios/schema')
    .action((o: { out: string }) => {
      try {
        checkWritableDir(o.out, `--out ${o.out}`);
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
}
