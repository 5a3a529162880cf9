/** `scenarios`, `validate`, `schema`: the scenario files. */
import type { Command } from 'commander';
import { join, relative } from 'node:path';
import { builtinScenarioFiles, projectRoot, readScenarioFile, resolveScenario } from '../core/scenario.js';
import { RULESETS, checkParameterValues, compileSource } from '../rules/index.js';
import { EXIT, checkWritableDir, fail, isUserError } from './common.js';
import { ScenarioError } from '../core/model.js';
import { writeAtomic } from '../core/files.js';

/** Adds the `scenarios`, `validate` and `schema` command to the program. */
export function registerScenarios(program: Command): void {
  program
    .command('scenarios')
    .description('List the built-in scenarios.')
    .option('--json', 'one JSON object per line')
    .addHelpText('after', '\nExample:\n  npx tsx src/cli.ts scenarios')
    .action((o: { json?: boolean }) => {
      try {
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
      "Check scenario files against their ruleset: schema, geometry (convex buildings, room to deploy), decks, and tunable parameters (each declaration, the file's own value among its values, and the scenario still valid at each parameter's smallest and largest value).",
    )
    .argument('<files...>', 'scenario JSON files (or built-in scenario ids)')
    .addHelpText('after', '\nExample:\n  npx tsx src/cli.ts validate scenarios/pirates/supply-raid.json')
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
