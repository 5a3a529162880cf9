/**
 * `serve` works for every ruleset through the forward-model interface (issue 15): no file of the
 * server or the browser code names a registered ruleset or imports a ruleset's folder.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RULESETS } from '../../src/rules/index.js';

const files = ['src/serve', 'src/web', 'src/web/workshop'].flatMap((d) =>
  readdirSync(d)
    .filter((f) => f.endsWith('.ts'))
    .map((f) => join(d, f)),
);

describe('serve and web code are ruleset-agnostic', () => {
  it.each(files)('%s names no ruleset and imports no ruleset folder', (file) => {
    const text = readFileSync(file, 'utf8');
    expect(text).not.toMatch(/from '[^']*rules\/[a-z-]+\/[^']*'/);
    for (const id of RULESETS.keys()) expect(text.toLowerCase()).not.toContain(id);
  });
});
