/**
 * Tunable scenario parameters (src/core/scenario.ts, issue 17): declarations, the file's own value
 * as the default, values substituted before the ruleset compiles, errors naming file and JSON path.
 */
import { describe, expect, it } from 'vitest';
import { ScenarioError } from '../../src/core/model.js';
import { fromRaw, resolveScenario, scenarioParameters, setParameters, withoutParameters } from '../../src/core/scenario.js';
import { checkParameterValues, compileSource } from '../../src/rules/index.js';

const base = resolveScenario('supply-raid').raw as Record<string, unknown>;

/** The Supply Raid with its parameters replaced. */
function withParams(parameters: unknown): Record<string, unknown> {
  return { ...base, parameters };
}

function errorOf(f: () => unknown): ScenarioError {
  try {
    f();
  } catch (e) {
    if (e instanceof ScenarioError) return e;
    throw e;
  }
  throw new Error('no error');
}

describe('scenario parameters', () => {
  it('the Supply Raid declares its parameters with the text’s values as defaults', () => {
    const ds = scenarioParameters(base, 'supply-raid.json');
    const byName = Object.fromEntries(ds.map((d) => [d.param.name, d.values[d.current]]));
    expect(byName).toEqual({
      'max-turns': 30,
      'booty-to-win': 15,
      'market-clubs': 8,
      'tavern-clubs': 6,
      'lanes-clubs': 6,
      'watch-riflemen': 4,
      'watch-post': 16,
    });
    const mt = ds.find((d) => d.param.name === 'max-turns');
    expect(mt?.values).toEqual([10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40]);
  });

  it('a file without parameters has none, and compiles as before', () => {
    const { parameters: _p, ...plain } = base;
    expect(scenarioParameters(plain, 'x.json')).toEqual([]);
    expect(withoutParameters(plain)).toBe(plain);
  });

  it('setting values substitutes them into the file before the ruleset compiles it', () => {
    const raw = setParameters(base, { 'booty-to-win': 9, 'market-clubs': 12, 'max-turns': 20 }, 'supply-raid.json') as typeof base;
    const v = raw.victory as { maxTurns: number; bootyToWin: number };
    expect(v.maxTurns).toBe(20);
    expect(v.bootyToWin).toBe(9);
    // The original is untouched; the result declares the same parameters, now with these defaults.
    expect((base.victory as { bootyToWin: number }).bootyToWin).toBe(15);
    const ds = scenarioParameters(raw, 'tuned.json');
    expect(ds.find((d) => d.param.name === 'booty-to-win')?.values[ds.find((d) => d.param.name === 'booty-to-win')?.current ?? -1]).toBe(9);
    // The compiled scenario has 8 + 4 more townsfolk: 34 figures.
    const sc = compileSource(fromRaw(raw, 'tuned.json'));
    const plain = compileSource(fromRaw(base, 'supply-raid.json'));
    const count = (c: unknown): number => (c as { figures: { side: number }[] }).figures.filter((f) => f.side === 1).length;
    expect(count(plain.compiled)).toBe(30);
    expect(count(sc.compiled)).toBe(34);
  });

  it('a file value within a range but off its steps is one of its values (the default)', () => {
    const raw = { ...base, victory: { ...(base.victory as object), maxTurns: 31 } };
    const mt = scenarioParameters(raw, 's.json').find((d) => d.param.name === 'max-turns');
    expect(mt?.values.slice(9, 13)).toEqual([28, 30, 31, 32]);
    expect(mt?.values[mt.current]).toBe(31);
  });

  it('a move shifts a point list so that its smallest coordinate is the value', () => {
    const raw = setParameters(base, { 'watch-post': 12 }, 's.json') as { sides: { groups: { area: number[][] }[] }[] };
    expect(raw.sides[1].groups[3].area).toEqual([
      [28, 12],
      [32, 12],
      [32, 19],
      [28, 19],
    ]);
  });

  it('a choice sets any JSON value', () => {
    const raw = withParams([{ name: 'watch-arms', path: '$.sides[1].figures[7].weapon', choices: ['rifle', 'pistol', 'musket'] }]);
    const out = setParameters(raw, { 'watch-arms': 'pistol' }, 's.json') as { sides: { figures: { weapon: string }[] }[] };
    expect(out.sides[1].figures[7].weapon).toBe('pistol');
    // `paths`: one knob, several places (they must hold one value).
    const two = withParams([{ name: 'clubs', paths: ['$.sides[1].figures[2].count', '$.sides[1].figures[4].count'], min: 1, max: 9 }]);
    const set = setParameters(two, { clubs: 3 }, 's.json') as { sides: { figures: { count: number }[] }[] };
    expect([set.sides[1].figures[2].count, set.sides[1].figures[4].count]).toEqual([3, 3]);
  });

  it('errors name the file and the JSON path', () => {
    let e = errorOf(() => scenarioParameters(withParams([{ name: 'x', path: '$.victory.nope', min: 1, max: 3 }]), 'f.json'));
    expect(e.message).toContain('f.json');
    expect(e.jsonPath).toBe('$.parameters[0].path');
    expect(e.message).toContain('$.victory.nope is not in this file');
    e = errorOf(() => scenarioParameters(withParams([{ name: 'x', path: '$.victory.bootyToWin', min: 16, max: 20 }]), 'f.json'));
    expect(e.jsonPath).toBe('$.parameters[0].min');
    expect(e.message).toContain("file's own value 15 at $.victory.bootyToWin must be within its range (16 to 20)");
    e = errorOf(() => scenarioParameters(withParams([{ name: 'x', path: '$.victory.bootyToWin' }]), 'f.json'));
    expect(e.jsonPath).toBe('$.parameters[0]');
    expect(e.message).toContain('"min" and "max"');
    e = errorOf(() => scenarioParameters(withParams([{ name: 'x', path: 'victory.bootyToWin', min: 1, max: 20 }]), 'f.json'));
    expect(e.jsonPath).toMatch(/^\$\.parameters\[0\]/);
    e = errorOf(() =>
      scenarioParameters(
        withParams([
          { name: 'x', path: '$.victory.maxTurns', min: 10, max: 40 },
          { name: 'x', path: '$.victory.bootyToWin', min: 1, max: 20 },
        ]),
        'f.json',
      ),
    );
    expect(e.jsonPath).toBe('$.parameters[1].name');
    e = errorOf(() => scenarioParameters(withParams([{ name: 'x', path: '$.name', min: 1, max: 20 }]), 'f.json'));
    expect(e.message).toContain('not a number');
    e = errorOf(() => setParameters(base, { 'no-such': 3 }, 'f.json'));
    expect(e.message).toContain('no parameter named "no-such"');
    e = errorOf(() => setParameters(base, { 'booty-to-win': 99 }, 'f.json'));
    expect(e.message).toContain('99 is not a value of parameter "booty-to-win"');
  });

  it('the ruleset’s compile checks them (every ruleset: wrapped by defineRuleset)', () => {
    const bad = withParams([{ name: 'x', path: '$.victory.nope', min: 1, max: 3 }]);
    expect(() => compileSource(fromRaw(bad, 'f.json'))).toThrow(/f\.json: at \$\.parameters\[0\]\.path/);
  });

  it('validate checks that each parameter’s extreme values still give a valid scenario', () => {
    const ok = fromRaw(withParams([{ name: 'b', path: '$.victory.bootyToWin', min: 5, max: 30 }]), 'ok.json');
    expect(checkParameterValues(ok)).toBe(1);
    const bad = fromRaw(withParams([{ name: 'clubs', path: '$.sides[1].figures[0].count', min: 0, max: 8 }]), 'bad.json');
    const e = errorOf(() => checkParameterValues(bad));
    expect(e.jsonPath).toBe('$.parameters[0]');
    expect(e.message).toContain('parameter "clubs" = 0');
    expect(e.message).toContain('$.sides[1].figures[0].count');
  });
});
