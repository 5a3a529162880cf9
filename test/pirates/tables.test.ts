/**
 * The tables of pirates.txt, row by row: §12 Card Deck Equivalents, §2 deck preparation,
 * §5.B(2) arms and adjustments, §7.A firing ranges, and the die ladder of §5.B(1).
 */
import { describe, expect, it } from 'vitest';
import { DECK_TABLE, WEAPONS, deckForFigures, fireDie, maxRange } from '../../src/rules/pirates/tables.js';
import { stepDie } from '../../src/core/rng.js';
import { compilePirates } from '../../src/rules/pirates/compile.js';
import { attackDice, resolveAttack } from '../../src/rules/pirates/combat.js';
import { gameStream } from '../../src/core/rng.js';
import type { GameEvent } from '../../src/core/model.js';
import { readScenarioFile, withoutParameters } from '../../src/core/scenario.js';
import { duelScenario, duelState, fig } from '../helpers/pirates.js';

const ROWS: [number[], string][] = [
  [[10], 'A,2,2'],
  [[11, 12], 'A,A,2,2'],
  [[13, 14], 'A,A,2,3'],
  [[15, 16], 'A,A,3,3'],
  [[17, 18], 'A,A,2,2,3'],
  [[19, 20], 'A,A,2,3,3'],
  [[21, 22], 'A,A,2,3,4'],
  [[23, 24], 'A,A,2,2,3,3'],
  [[25, 26], 'A,A,2,2,3,4'],
  [[27, 28], 'A,A,2,3,3,4'],
  [[29, 30], 'A,A,2,3,4,4'],
  [[31, 32], 'A,A,2,2,3,3,4'],
  [[33, 34], 'A,A,2,2,3,4,4'],
  [[35, 36], 'A,A,2,2,3,4,5'],
  [[37, 38], 'A,A,2,2,4,4,5'],
  [[39, 40], 'A,A,2,2,3,3,4,4'],
];
const faces = (cards: number[]): string => cards.map((c) => (c === 1 ? 'A' : String(c))).join(',');

describe('§12 Card Deck Equivalents', () => {
  for (const [figures, cards] of ROWS) {
    for (const n of figures) {
      it(`${n} figures → ${cards}`, () => {
        expect(faces(deckForFigures(n))).toBe(cards);
      });
    }
  }
  it('the table in the code has exactly the 16 rows of the text', () => {
    expect(DECK_TABLE.map((r) => faces([...r.cards]))).toEqual(ROWS.map((r) => r[1]));
  });
});

describe('§2 Prepare the Deck', () => {
  it('§2.C: every row is worth half the figures, rounded up (cards sum to ⌈n/2⌉)', () => {
    for (let n = 10; n <= 40; n++) expect(deckForFigures(n).reduce((a, b) => a + b, 0)).toBe(Math.ceil(n / 2));
  });
  it('§2.C–D example: 21 pirates give 11 card points; the §12 row (A,A,2,3,4) is used, not the example’s A,A,2,2,3,4 (13 points)', () => {
    const cards = deckForFigures(21);
    expect(cards.reduce((a, b) => a + b, 0)).toBe(11);
    expect(faces(cards)).toBe('A,A,2,3,4');
  });
  it('outside the table: lowest cards, at most two of a value (the two suits of a colour), summing to ⌈n/2⌉', () => {
    for (const n of [1, 2, 3, 5, 7, 9, 41, 50, 60]) {
      const cards = deckForFigures(n);
      expect(cards.reduce((a, b) => a + b, 0)).toBe(Math.ceil(n / 2));
      for (const v of new Set(cards)) expect(cards.filter((c) => c === v).length).toBeLessThanOrEqual(2);
    }
    expect(faces(deckForFigures(1))).toBe('A');
    expect(faces(deckForFigures(5))).toBe('A,2');
  });
  it('§2.B and §11: pirates are red (♥ ♦), townsfolk black; the Supply Raid decks are A,A,2,2,3,3,4,4 and A,A,2,2,3,4', () => {
    const src = readScenarioFile('scenarios/pirates/supply-raid.json');
    // The ruleset's own compile, as defineRuleset calls it: the file without its tunable `parameters`.
    const sc = compilePirates(withoutParameters(src.raw), src.path);
    const pirates = sc.deck.filter((c) => c.side === 0);
    const town = sc.deck.filter((c) => c.side === 1);
    expect(faces(pirates.map((c) => c.value))).toBe('A,A,2,2,3,3,4,4');
    expect(faces(town.map((c) => c.value))).toBe('A,A,2,2,3,4');
    expect(pirates.every((c) => /[♥♦]$/.test(c.label))).toBe(true);
    expect(town.every((c) => /[♠♣]$/.test(c.label))).toBe(true);
    expect(pirates.map((c) => c.label)).not.toContain('A♠');
  });
});

describe('§5.B(1) die steps', () => {
  it('"up one from d8 would be d10"; the ladder is d4, d6, d8, d10, d12 and clamps at both ends', () => {
    expect(stepDie(8, 1)).toBe(10);
    expect(stepDie(8, -1)).toBe(6);
    expect(stepDie(4, -1)).toBe(4);
    expect(stepDie(12, 1)).toBe(12);
    expect(stepDie(6, 3)).toBe(12);
    expect(stepDie(10, -5)).toBe(4);
  });
});

describe('§5.B(2) arms modifiers (base dice in melee)', () => {
  const rows: [string, number][] = [
    ['cutlass', 8],
    ['sword', 8],
    ['dagger', 6],
    ['hand-axe', 6],
    ['club', 6],
    ['belaying-pin', 6],
    ['none', 4],
  ];
  for (const [weapon, die] of rows) {
    it(`${WEAPONS[weapon].name}: d${die}`, () => {
      expect(WEAPONS[weapon].melee.die).toBe(die);
      const sc = duelScenario([
        { side: 0, weapon, at: [20, 20] },
        { side: 1, weapon: 'none', at: [21, 20] },
      ]);
      const s = duelState(sc);
      s.facing[fig(s, 'T01')] = Math.PI;
      expect(attackDice(s, fig(s, 'P01'), fig(s, 'T01'), { mode: 'fight', charged: false, moved: false, capture: false }).final).toBe(die);
    });
  }
  it('firearms fight hand to hand (d4) and do not make their holder "armed" in melee', () => {
    for (const w of ['pistol', 'rifle']) {
      expect(WEAPONS[w].melee).toEqual({ die: 4, armed: false });
    }
  });

  const adjust = (opts: { cover?: boolean; armed?: boolean; behind?: boolean; persAtt?: boolean; persDef?: boolean }) => {
    const sc = duelScenario(
      [
        { side: 0, weapon: 'cutlass', at: [20, 20], personality: opts.persAtt },
        { side: 1, weapon: opts.armed ? 'club' : 'none', at: [21, 20], personality: opts.persDef },
      ],
      // The defender stands among the crates, on the attacker's side of him (the line between their
      // centres crosses the crates' edge at x 20.6).
      opts.cover
        ? [
            {
              id: 'crates',
              kind: 'cover',
              polygon: [
                [20.6, 19],
                [21.4, 19],
                [21.4, 21],
                [20.6, 21],
              ],
            },
          ]
        : [],
    );
    const s = duelState(sc);
    s.facing[fig(s, 'T01')] = opts.behind ? 0 : Math.PI;
    return attackDice(s, fig(s, 'P01'), fig(s, 'T01'), { mode: 'fight', charged: false, moved: false, capture: false });
  };
  it('Defender in cover: down 1', () => {
    expect(adjust({ cover: true }).mods).toEqual([{ name: 'defender in cover', step: -1 }]);
    expect(adjust({ cover: true }).final).toBe(6);
  });
  it('Defender in cover only when the cover lies between (§7: "hid behind a barrel", "half-hidden behind the rampart"): crates at his back or beside the line give nothing', () => {
    const at = (poly: [number, number][], ax: number, ay: number) => {
      const sc = duelScenario(
        [
          { side: 0, weapon: 'pistol', at: [ax, ay] },
          { side: 1, weapon: 'none', at: [21, 20] },
        ],
        [{ id: 'crates', kind: 'cover', polygon: poly }],
      );
      const s = duelState(sc);
      s.facing[fig(s, 'T01')] = Math.atan2(ay - 20, ax - 21);
      return attackDice(s, fig(s, 'P01'), fig(s, 'T01'), { mode: 'fire', charged: false, moved: false, capture: false });
    };
    const east: [number, number][] = [
      [21.2, 19],
      [22, 19],
      [22, 21],
      [21.2, 21],
    ]; // touching his base on the east
    expect(at(east, 14, 20).cover).toBeNull(); // shot from the west: the crates are behind him
    expect(at(east, 28, 20).cover).toBe('crates'); // shot from the east: they are between
    expect(at(east, 28, 20).mods).toEqual([{ name: 'defender in cover', step: -1 }]);
    expect(at(east, 21, 10).cover).toBeNull(); // from the north: beside the line
    // The shooter's own crates do not hide the target.
    const round: [number, number][] = [
      [13, 19],
      [22, 19],
      [22, 21],
      [13, 21],
    ];
    expect(at(round, 14, 20).cover).toBeNull();
  });
  it("the attack event names cover the defender's base touched that gave nothing (`touched`), so a reader need not decide a touch at the last digit of a rounded position (outside readings B1)", () => {
    const sc = duelScenario(
      [
        { side: 0, weapon: 'pistol', at: [14, 20] },
        { side: 1, weapon: 'none', at: [21, 20] },
      ],
      // exactly touching his base on the east (0.5 in from his centre), behind him from the shooter
      [
        {
          id: 'crates',
          kind: 'cover',
          polygon: [
            [21.5, 19],
            [22, 19],
            [22, 21],
            [21.5, 21],
          ],
        },
      ],
    );
    const s = duelState(sc);
    const ev: GameEvent[] = [];
    resolveAttack(
      s,
      fig(s, 'P01'),
      fig(s, 'T01'),
      { mode: 'fire', charged: false, moved: false, capture: false },
      { rng: gameStream(1), emit: (e) => ev.push(e) },
    );
    const a = ev.find((e) => e.e === 'attack')!;
    expect(a.cover).toBeUndefined();
    expect(a.touched).toEqual(['crates']);
  });
  it('Defender armed (only in melee): down 1', () => {
    expect(adjust({ armed: true }).mods).toEqual([{ name: 'defender armed', step: -1 }]);
  });
  it('Attacking from behind: up 1', () => {
    expect(adjust({ behind: true }).mods).toEqual([{ name: 'attacking from behind', step: 1 }]);
    expect(adjust({ behind: true }).final).toBe(10);
  });
  it('Personality figure (when attacking): up 1', () => {
    expect(adjust({ persAtt: true }).final).toBe(10);
  });
  it('Personality figure (when defending): down 1', () => {
    expect(adjust({ persDef: true }).final).toBe(6);
  });
  it('Defender armed does not apply to fire ("only applies in melee situations")', () => {
    const sc = duelScenario([
      { side: 0, weapon: 'pistol', at: [10, 20] },
      { side: 1, weapon: 'club', at: [14, 20] },
    ]);
    const s = duelState(sc);
    s.facing[fig(s, 'T01')] = Math.PI;
    expect(attackDice(s, fig(s, 'P01'), fig(s, 'T01'), { mode: 'fire', charged: false, moved: false, capture: false }).mods).toEqual([]);
  });
});

describe('§7.A Weapon ranges (base die by range, base to base)', () => {
  const rows: [string, number, number][] = [
    ['deck-cannon', 100, 10],
    ['swivel-gun', 30, 10],
    ['swivel-gun', 30.01, 8],
    ['swivel-gun', 50, 8],
    ['swivel-gun', 50.01, 0],
    ['pistol', 0, 10],
    ['pistol', 5, 10],
    ['pistol', 5.01, 8],
    ['pistol', 10, 8],
    ['pistol', 10.01, 6],
    ['pistol', 15, 6],
    ['pistol', 15.01, 0],
    ['rifle', 10, 10],
    ['rifle', 10.01, 8],
    ['rifle', 20, 8],
    ['rifle', 20.01, 6],
    ['rifle', 30, 6],
    ['rifle', 30.01, 0],
  ];
  for (const [w, range, die] of rows) {
    it(`${WEAPONS[w].name} at ${range} in: ${die ? `d${die}` : 'out of range'}`, () => {
      expect(fireDie(WEAPONS[w], range)).toBe(die);
    });
  }
  it('hand weapons cannot fire', () => {
    expect(maxRange(WEAPONS.cutlass)).toBe(0);
  });
  it('the deck cannon is "not fired while in port"', async () => {
    const { legalActions } = await import('../../src/rules/pirates/actions.js');
    const { atFigure } = await import('../helpers/pirates.js');
    for (const inPort of [true, false]) {
      const sc = duelScenario(
        [
          { side: 0, weapon: 'deck-cannon', at: [10, 20] },
          { side: 1, weapon: 'club', at: [40, 20] },
        ],
        [],
        { inPort },
      );
      const s = duelState(sc);
      atFigure(s, fig(s, 'P01'));
      expect(legalActions(s).some((a) => a.k === 'fire')).toBe(!inPort);
    }
  });
});
