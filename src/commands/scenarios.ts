/** `scenarios`, `validate`, `schema`: the scenario files. */
import type { Command } from 'commander';
import { join, relative } from 'node:path';
import { builtinScenarioFiles, projectRoot, readScenarioFile } from '../core/scenario.js';
import { RULESETS, checkParameterValues, compileSource } from '../rules/index.js';
import { checkWritableDir, fail, writeAtomic } from './common.js';

/** Adds the `scenarios`, `validate` and `schema` command to the program. */
export function registerScenarios(program: Command): void {
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
    .description('Check scenario files against their ruleset: schema, geometry (convex buildings, room to deploy), decks, and tunable parameters (each declaration, the file\'s own value among its values, and the scenario still valid at each parameter\'s smallest and largest value).')
    .argument('<files...>', 'scenario JSON files')
    .addHelpText('after', '\nExample:\n  npx tsx src/cli.ts validate scenarios/pirates/supply-raid.json')
    .action((files: string[]) => {
      let bad = 0;
      for (const f of files) {
        try {
          const src = readScenarioFile(f);
          const sc = compileSource(src);
          const params = checkParameterValues(src);
          const tunable = params ? `; ${params} tunable parameter${params === 1 ? '' : 's'}, each valid at its extremes` : '';
          process.stdout.write(`ok: ${f} (${sc.ruleset.id} scenario "${sc.id}", sides ${sc.ruleset.sides(sc.compiled).join(', ')}${tunable})\n`);
        } catch (e) {
          bad++;
          process.stderr.write(`error: ${e instanceof Error ? e.message : String(e)}\n`);
        }
      }
      if (bad) process.exit(2);
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
