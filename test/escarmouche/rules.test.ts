/**
 * Escarmouche rules other than the tables, by section of escarmouche.txt: PLAY (the initiative,
 * the active pool), MOVING (straight lines, terrain changes, zones of control, marshal),
 * DEVELOPING (the developing actions, the reserved action and its interrupt), SHOOTING (factors,
 * skills, volley fire, artillery), FIGHTING (outnumbering, factors, skills, the pike and horse
 * special fights), FIGURE (ratings, skills in defence, wounds) and the scenario's victory.
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../src/core/model.js';
import { streamFromString } from '../../src/core/rng.js';
import { escarmouche } from '../../src/rules/escarmouche/index.js';
import { legalActions, setupGame } from '../../src/rules/escarmouche/engine.js';
import { PH_ACT, PH_INT, PH_OVER, PH_PICK } from '../../src/rules/escarmouche/state.js';
import { acting, act, ev, fig, keys, testScenario } from './helpers.js';

const noDice = { rng: streamFromString('unused'), emit: undefined };

describe('PLAY: the initiative', () => {
  const sc = testScenario(['..'], [
    { side: 0, zone: 'r0c0' },
    { side: 0, zone: 'r0c0' },
    { side: 0, zone: 'r0c0' },
    { side: 1, zone: 'r0c1' },
  ]);
  const start = () => {
    const s = setupGame(sc, noDice);
    expect(s.phase).toBe(PH_PICK);
    expect(escarmouche.currentSide(s)).toBe('alpha');
    return s;
  };

  it('a figure keeps acting while it rolls no 1, and its active pool grows by one per action', () => {
    const s = start();
    act(s, { k: 'pick', f: 'A1' }, []);
    expect(ev(act(s, { k: 'dev', d: 'ready' }, [4]), 'develop')).toMatchObject({ pool: 0, active: [4], init: 'keep' });
    expect(ev(act(s, { k: 'dev', d: 'ready' }, [5, 3]), 'develop')).toMatchObject({ pool: 1, active: [5, 3], init: 'keep' });
    expect([s.phase, s.actor, s.pool]).toEqual([PH_ACT, fig(sc, 'A1'), 2]);
  });

  it('"a figure does not accrue an active dice for moving": the move rolls the pool it has, and the pool stays', () => {
    const s = start();
    act(s, { k: 'pick', f: 'A1' }, []);
    act(s, { k: 'dev', d: 'ready' }, [4]);
    const e = ev(act(s, { k: 'move', to: 'r0c1' }, [5, 3, 4]), 'move');
    expect(e).toMatchObject({ pool: 1, active: [5], passive: [3, 4] });
    expect(s.pool).toBe(1);
  });

  it('a single 1 ends the figure\'s turn; "you may now act with another figure that has not acted this turn" — not an earlier one', () => {
    const s = start();
    act(s, { k: 'pick', f: 'A1' }, []);
    const events = act(s, { k: 'dev', d: 'ready' }, [1]);
    expect(ev(events, 'develop')).toMatchObject({ ones: 1, init: 'figure' });
    expect(ev(events, 'figureEnd')).toMatchObject({ figure: 'A1', pool: 1 });
    expect([s.phase, s.actor, s.pool, s.ones]).toEqual([PH_PICK, -1, 0, 1]);
    expect(keys(s)).toEqual(['pick:A2', 'pick:A3', 'pass']);
  });

  it('a 1 on a passive die counts the same ("a single 1 on any dice, either active or passive")', () => {
    const s = start();
    act(s, { k: 'pick', f: 'A1' }, []);
    expect(ev(act(s, { k: 'move', to: 'r0c1' }, [6, 1]), 'move')).toMatchObject({ active: [], passive: [6, 1], init: 'figure' });
    expect(s.phase).toBe(PH_PICK);
  });

  it('"On the roll of a second 1 … your whole side has lost initiative and it becomes your opponent\'s turn"', () => {
    const s = start();
    act(s, { k: 'pick', f: 'A1' }, []);
    act(s, { k: 'dev', d: 'ready' }, [1]);
    act(s, { k: 'pick', f: 'A2' }, []);
    const events = act(s, { k: 'dev', d: 'ready' }, [1]);
    expect(ev(events, 'develop')).toMatchObject({ init: 'side' });
    expect(ev(events, 'sideEnd')).toMatchObject({ side: 'alpha', why: 'a second 1' });
    expect(escarmouche.currentSide(s)).toBe('beta');
    expect([s.side, s.ones]).toEqual([1, 0]);
  });

  it('"if you roll two 1\'s in a single roll, then your whole side has lost initiative"', () => {
    const s = start();
    act(s, { k: 'pick', f: 'A1' }, []);
    act(s, { k: 'dev', d: 'ready' }, [3]);
    const events = act(s, { k: 'dev', d: 'ready' }, [1, 1]);
    expect(ev(events, 'sideEnd')).toMatchObject({ why: 'two 1s in one roll' });
    expect(escarmouche.currentSide(s)).toBe('beta');
  });

  it('"You may voluntarily end a figure\'s turn"; once every figure has acted, play passes to the opponent', () => {
    const s = start();
    for (const f of ['A1', 'A2', 'A3']) {
      act(s, { k: 'pick', f }, []);
      expect(ev(act(s, { k: 'end' }, []), 'figureEnd')).toMatchObject({ figure: f, why: 'ended' });
    }
    expect(escarmouche.currentSide(s)).toBe('beta');
  });

  it('a side may pass the rest of its turn; after both sides\' turns the game turn advances', () => {
    const s = start();
    expect(ev(act(s, { k: 'pass' }, []), 'sideEnd')).toMatchObject({ why: 'passed' });
    expect([s.turn, s.side]).toEqual([1, 1]);
    act(s, { k: 'pass' }, []);
    expect([s.turn, s.side]).toEqual([2, 0]);
  });

  it('"Active dice pools do not carry-over": the next figure starts with an empty pool', () => {
    const s = start();
    act(s, { k: 'pick', f: 'A1' }, []);
    act(s, { k: 'dev', d: 'ready' }, [4]);
    act(s, { k: 'dev', d: 'ready' }, [4, 4]);
    act(s, { k: 'end' }, []);
    act(s, { k: 'pick', f: 'A2' }, []);
    expect(s.pool).toBe(0);
    expect(ev(act(s, { k: 'dev', d: 'ready' }, [4]), 'develop')).toMatchObject({ pool: 0, active: [4] });
  });
});

describe('MOVING', () => {
  it('"any distance in a straight line through the same terrain type", stopping where the terrain changes', () => {
    const sc = testScenario(['...:.'], [{ side: 0, zone: 'r0c0' }, { side: 1, zone: 'r0c0' }]);
    expect(keys(acting(sc, 'A1')).filter((k) => k.startsWith('move:'))).toEqual(['move:r0c1', 'move:r0c2']);
    const s = acting(sc, 'A1');
    s.zone[0] = sc.map.index.get('r0c2')!;
    // From the last clear zone, the next move goes through the new terrain type (broken: 3 dice).
    const e = ev(act(s, { k: 'move', to: 'r0c3' }, [4, 4, 4]), 'move');
    expect(e).toMatchObject({ terrain: 'broken', dice: 3, path: ['r0c3'] });
  });

  it('moves run straight: along a row or a column of a grid, never diagonally', () => {
    const sc = testScenario(['...', '...'], [{ side: 0, zone: 'r0c0' }, { side: 1, zone: 'r0c0' }]);
    expect(keys(acting(sc, 'A1')).filter((k) => k.startsWith('move:'))).toEqual(['move:r0c1', 'move:r0c2', 'move:r1c0']);
  });

  it('"When the figure reaches … an enemy\'s zone of control (ZOC), it must stop" — the zone an enemy stands in', () => {
    const sc = testScenario(['....'], [{ side: 0, zone: 'r0c0' }, { side: 1, zone: 'r0c2' }]);
    const s = acting(sc, 'A1');
    expect(keys(s).filter((k) => k.startsWith('move:'))).toEqual(['move:r0c1', 'move:r0c2']);
    expect(ev(act(s, { k: 'move', to: 'r0c2' }, [4, 4]), 'move')).toMatchObject({ zoc: true, path: ['r0c1', 'r0c2'] });
    // "…or starting a fight if at a ZOC"
    expect(keys(s)).toContain('fight:B1:alone');
  });

  it('a figure may leave a zone of control; friends do not stop it; impassable zones are never entered', () => {
    const sc = testScenario(['..#.'], [{ side: 0, zone: 'r0c0' }, { side: 0, zone: 'r0c1' }, { side: 1, zone: 'r0c0' }]);
    expect(keys(acting(sc, 'A1')).filter((k) => k.startsWith('move:'))).toEqual(['move:r0c1']);
  });

  it('moving leaves the cover the figure had taken', () => {
    const sc = testScenario(['c.'], [{ side: 0, zone: 'r0c0' }, { side: 1, zone: 'r0c0' }]);
    const s = acting(sc, 'A1');
    s.cover[0] = 1;
    act(s, { k: 'move', to: 'r0c1' }, [4, 4]);
    expect(s.cover[0]).toBe(0);
  });

  it('FIGURE skills: a Rider turns passive dice into active ones when moving mounted (a 1 still counts)', () => {
    const sc = testScenario(['..'], [{ side: 0, zone: 'r0c0', mounted: true, skills: { rider: 2 } }, { side: 1, zone: 'r0c0' }]);
    const s = acting(sc, 'A1');
    expect(ev(act(s, { k: 'move', to: 'r0c1' }, [1, 5]), 'move')).toMatchObject({ dice: 2, skill: 2, active: [1, 5], passive: [], init: 'figure' });
  });
});

describe('MOVING: special move — marshal', () => {
  const sc = testScenario(['...'], [
    { side: 0, zone: 'r0c0', skills: { leader: 1 } },
    { side: 0, zone: 'r0c0' },
    { side: 0, zone: 'r0c0' },
    { side: 1, zone: 'r0c0' },
  ]);
  it('a passive die more per marshalled figure, Leader skill turning passive dice active; no 1: all move, their turns are used, the marshal goes on', () => {
    const s = acting(sc, 'A1');
    const e = ev(act(s, { k: 'marshal', to: 'r0c2' }, [6, 3, 4, 5]), 'marshal');
    expect(e).toMatchObject({ followers: ['A2', 'A3'], dice: 2, skill: 1, active: [6], passive: [3, 4, 5], moved: true, init: 'keep' });
    for (const id of ['A1', 'A2', 'A3']) expect(sc.map.zones[s.zone[fig(sc, id)]].id).toBe('r0c2');
    expect([s.acted[1], s.acted[2], s.actor]).toEqual([1, 1, 0]);
  });
  it('"On a single 1 the figures move then end their turn"', () => {
    const s = acting(sc, 'A1');
    expect(ev(act(s, { k: 'marshal', to: 'r0c2' }, [6, 1, 4, 5]), 'marshal')).toMatchObject({ moved: true, init: 'figure' });
    expect(sc.map.zones[s.zone[1]].id).toBe('r0c2');
    expect(s.actor).toBe(-1);
  });
  it('"On a double 1 all the figures move and the player\'s turn is over"', () => {
    const s = acting(sc, 'A1');
    const events = act(s, { k: 'marshal', to: 'r0c2' }, [1, 1, 4, 5]);
    expect(ev(events, 'marshal')).toMatchObject({ moved: true, init: 'side' });
    expect(sc.map.zones[s.zone[0]].id).toBe('r0c2');
    expect(s.side).toBe(1);
  });
  it('"If a triple 1 is rolled no figure moves and the player\'s turn is over"', () => {
    const s = acting(sc, 'A1');
    expect(ev(act(s, { k: 'marshal', to: 'r0c2' }, [1, 1, 1, 5]), 'marshal')).toMatchObject({ moved: false, init: 'side' });
    expect(sc.map.zones[s.zone[0]].id).toBe('r0c0');
    expect(s.side).toBe(1);
  });
});

describe('DEVELOPING', () => {
  const sc = testScenario(['c.'], [{ side: 0, zone: 'r0c0' }, { side: 0, zone: 'r0c1', mounted: true }, { side: 1, zone: 'r0c1' }]);
  it('"For every developing action performed, the figure accumulates an active dice": taking cover', () => {
    const s = acting(sc, 'A1', { pool: 1 });
    expect(keys(s)).toContain('dev:cover');
    expect(ev(act(s, { k: 'dev', d: 'cover' }, [3, 4]), 'develop')).toMatchObject({ what: 'cover', pool: 1, active: [3, 4] });
    expect([s.cover[0], s.pool]).toEqual([1, 2]);
    expect(keys(s)).not.toContain('dev:cover');
  });
  it('cover is taken only where the zone offers it, and not by a horseman', () => {
    expect(keys(acting(sc, 'A2'))).not.toContain('dev:cover');
    const open = testScenario(['..'], [{ side: 0, zone: 'r0c0' }, { side: 1, zone: 'r0c1' }]);
    expect(keys(acting(open, 'A1'))).not.toContain('dev:cover');
  });
  it('Cowered: "Standing will require a developing action" — until then the figure neither moves, shoots nor fights', () => {
    const s = acting(sc, 'A2');
    s.cowered[1] = 1;
    const k = keys(s);
    expect(k.some((x) => x.startsWith('move') || x.startsWith('fight') || x.startsWith('shoot') || x === 'reserve')).toBe(false);
    expect(k).toContain('dev:stand');
    act(s, { k: 'dev', d: 'stand' }, [4]);
    expect(s.cowered[1]).toBe(0);
    expect(keys(s)).toContain('fight:B1:alone');
  });
  it('Shaken: "a developing action to remove a marker – (this action also gains an active dice)"', () => {
    const s = acting(sc, 'A1');
    s.shaken[0] = 2;
    act(s, { k: 'dev', d: 'rally' }, [4]);
    expect([s.shaken[0], s.pool]).toEqual([1, 1]);
  });
  it('Disarmed: "a developing action to acquire a weapon – this action eliminates the marker (and gains an active dice)"', () => {
    const s = acting(sc, 'A1');
    s.disarmed[0] = 1;
    expect(keys(s)).toContain('dev:rearm');
    act(s, { k: 'dev', d: 'rearm' }, [4]);
    expect([s.disarmed[0], s.pool]).toEqual([0, 1]);
    expect(keys(s)).not.toContain('dev:rearm');
  });
});

describe('DEVELOPING: special development — reserved action', () => {
  // A1 (musket) reserves; B1 then moves into its sight.
  const sc = testScenario(['....'], [{ side: 0, zone: 'r0c0', missile: 'musket' }, { side: 0, zone: 'r0c0' }, { side: 1, zone: 'r0c3' }]);
  const reserved = () => {
    const s = setupGame(sc, noDice);
    act(s, { k: 'pick', f: 'A1' }, []);
    act(s, { k: 'dev', d: 'ready' }, [4]);
    const events = act(s, { k: 'reserve' }, [5, 2]);
    expect(ev(events, 'reserve')).toMatchObject({ pool: 1, active: [5, 2], init: 'keep' });
    expect(ev(events, 'figureEnd')).toMatchObject({ figure: 'A1', why: 'reserve' });
    expect(s.reserved[0]).toBe(1);
    act(s, { k: 'pass' }, []);
    return s;
  };
  it('"A reserved action ends the figure\'s turn" — it is a developing action: it gains a die and the pool is rolled', () => {
    reserved();
  });
  it('an enemy that moves into its sight may be interrupted: the reserving side decides, with one active die', () => {
    const s = reserved();
    act(s, { k: 'pick', f: 'B1' }, []);
    act(s, { k: 'move', to: 'r0c2' }, [4, 4]);
    expect(s.phase).toBe(PH_INT);
    expect(escarmouche.currentSide(s)).toBe('alpha');
    expect(keys(s)).toEqual(['int:A1:shoot:B1', 'wait']);
    const events = act(s, { k: 'int', f: 'A1', a: 'shoot', t: 'B1' }, [6, 1, 1, 1, 1, 4, 2, 2]);
    expect(ev(events, 'shoot')).toMatchObject({ pool: 0, active: [6], passive: [1, 1, 1, 1], won: true, diff: 2, init: 'none', interrupt: true });
    // "Play then passes back to the player with initiative" — the 1s of an interrupt cost nobody the initiative.
    expect(escarmouche.currentSide(s)).toBe('beta');
    expect([s.phase, s.actor, s.reserved[0], s.ones]).toEqual([PH_ACT, fig(sc, 'B1'), 0, 0]);
  });
  it('"wait" lets the enemy go on; the reserved die is kept for a later moment of that turn', () => {
    const s = reserved();
    act(s, { k: 'pick', f: 'B1' }, []);
    act(s, { k: 'move', to: 'r0c2' }, [4, 4]);
    act(s, { k: 'wait' }, []);
    expect([s.phase, s.reserved[0]]).toEqual([PH_ACT, 1]);
    act(s, { k: 'move', to: 'r0c1' }, [4, 4]);
    expect(keys(s)).toContain('int:A1:shoot:B1');
  });
  it('the reserved die lasts through one enemy turn: it is gone when the reserving side\'s next turn begins', () => {
    const s = reserved();
    act(s, { k: 'pass' }, []);
    expect([s.side, s.reserved[0]]).toEqual([0, 0]);
  });
});

describe('SHOOTING', () => {
  it('"Projectile weapons range the board" but not through woods or over a hill between', () => {
    for (const [row, sees] of [['...', true], ['.w.', false], ['.h.', false], ['...H', true]] as const) {
      const sc = testScenario([row], [{ side: 0, zone: 'r0c0', missile: 'musket' }, { side: 1, zone: `r0c${row.length - 1}` }]);
      expect(keys(acting(sc, 'A1')).includes('shoot:B1')).toBe(sees);
    }
  });
  it('passive dice replace active dice one for one for each Shaken marker of the shooter and for a target in cover', () => {
    const sc = testScenario(['.c'], [{ side: 0, zone: 'r0c0', missile: 'thrown' }, { side: 1, zone: 'r0c1' }]);
    const s = acting(sc, 'A1', { pool: 3 });
    s.shaken[0] = 2;
    s.cover[1] = 1;
    const e = ev(act(s, { k: 'shoot', t: 'B1' }, [5, 2, 2, 2, 2, 3, 3, 3]), 'shoot');
    expect(e).toMatchObject({ factors: ['shooter shaken', 'shooter shaken', 'target in cover'], active: [5], passive: [2, 2, 2, 2], penalty: 1 });
  });
  it('a Cowered (prone) target counts as in cover: it went prone "to seek cover"', () => {
    const sc = testScenario(['..'], [{ side: 0, zone: 'r0c0', missile: 'thrown' }, { side: 1, zone: 'r0c1' }]);
    const s = acting(sc, 'A1', { pool: 1 });
    s.cowered[1] = 1;
    expect(ev(act(s, { k: 'shoot', t: 'B1' }, [5, 2, 2, 3, 3, 3]), 'shoot')).toMatchObject({ factors: ['target prone'], active: [5] });
  });
  it('the Shooter skill turns that many passive dice into active ones', () => {
    const sc = testScenario(['..'], [{ side: 0, zone: 'r0c0', missile: 'musket', skills: { shooter: 2 } }, { side: 1, zone: 'r0c1' }]);
    const s = acting(sc, 'A1');
    expect(ev(act(s, { k: 'shoot', t: 'B1' }, [2, 3, 4, 5, 5, 3, 3, 3]), 'shoot')).toMatchObject({ skill: 2, active: [2, 3, 4], passive: [5, 5] });
  });
  it('"If no 1\'s were rolled by the shooter … it may continue to perform actions, including shooting again"; the shot adds a die to the pool', () => {
    const sc = testScenario(['..'], [{ side: 0, zone: 'r0c0', missile: 'thrown' }, { side: 1, zone: 'r0c1' }]);
    const s = acting(sc, 'A1');
    act(s, { k: 'shoot', t: 'B1' }, [3, 4, 5, 5, 5]);
    expect([s.phase, s.pool]).toEqual([PH_ACT, 1]);
    expect(keys(s)).toContain('shoot:B1');
  });
  it('artillery: "add active dice equal to the shooter\'s Artillerist skill" (and the skill turns passive dice active)', () => {
    const sc = testScenario(['..'], [{ side: 0, zone: 'r0c0', missile: 'cannon', skills: { artillerist: 2 } }, { side: 1, zone: 'r0c1' }]);
    const s = acting(sc, 'A1');
    const e = ev(act(s, { k: 'shoot', t: 'B1' }, [2, 2, 2, 2, 2, 3, 3, 3, 4, 4, 4]), 'shoot');
    expect(e).toMatchObject({ bonus: 2, penalty: 5, skill: 2, active: [2, 2, 2, 2, 2], passive: [3, 3, 3] });
    expect(s.pool).toBe(1); // the bonus is for that shot; the pool gains one die as for any action
  });
  it('volley fire: one active die per shooter in sight of the target, the slowest weapon\'s penalty, Leader skill; the other shooters have used their turn', () => {
    const sc = testScenario(['...'], [
      { side: 0, zone: 'r0c0', skills: { leader: 1 } },
      { side: 0, zone: 'r0c0', missile: 'musket' },
      { side: 0, zone: 'r0c1', missile: 'pistol' },
      { side: 1, zone: 'r0c2' },
    ]);
    const s = acting(sc, 'A1');
    expect(keys(s)).toContain('volley:B1');
    expect(keys(s)).not.toContain('shoot:B1'); // the captain here has no missile weapon of his own
    const e = ev(act(s, { k: 'volley', t: 'B1' }, [4, 4, 4, 4, 5, 5, 5, 3, 3, 3]), 'shoot');
    expect(e).toMatchObject({ weapon: 'volley', volley: ['A2', 'A3'], penalty: 4, skill: 1, active: [4, 4, 4, 4], passive: [5, 5, 5] });
    expect([s.acted[1], s.acted[2], s.actor]).toEqual([1, 1, 0]);
    expect(keys(s)).not.toContain('volley:B1');
  });
});

describe('FIGHTING', () => {
  it('"with an enemy at its ZOC" — only enemies in the figure\'s own zone can be fought', () => {
    const sc = testScenario(['..'], [{ side: 0, zone: 'r0c0' }, { side: 1, zone: 'r0c0' }, { side: 1, zone: 'r0c1' }]);
    const k = keys(acting(sc, 'A1'));
    expect(k).toContain('fight:B1:alone');
    expect(k.some((x) => x.startsWith('fight:B2'))).toBe(false);
  });
  it('outnumbering: one active die per other friendly figure in the fight; not multiple against multiple', () => {
    const sc = testScenario(['..'], [
      { side: 0, zone: 'r0c0' },
      { side: 0, zone: 'r0c0' },
      { side: 0, zone: 'r0c0' },
      { side: 1, zone: 'r0c0' },
      { side: 1, zone: 'r0c0' },
    ]);
    const s = acting(sc, 'A1');
    const all = ev(act(s, { k: 'fight', t: 'B1', m: 'all' }, [4, 4, 4, 3, 3, 3]), 'fight');
    expect(all).toMatchObject({ attackers: ['A1', 'A2', 'A3'], defenders: ['B1'], outnumber: [2, 0], active: [4, 4, 4], defence: [3, 3, 3] });
    const t = acting(sc, 'A1');
    const alone = ev(act(t, { k: 'fight', t: 'B1', m: 'alone' }, [4, 3, 3, 3, 3]), 'fight');
    expect(alone).toMatchObject({ attackers: ['A1'], defenders: ['B1', 'B2'], outnumber: [0, 1], defence: [3, 3, 3, 3] });
  });
  it('passive dice replace the attacker\'s active dice: defender uphill, defender in cover, attacker weaponless, attacker shaken', () => {
    const sc = testScenario(['.H'], [{ side: 0, zone: 'r0c0' }, { side: 1, zone: 'r0c1' }]);
    const s = acting(sc, 'A1', { pool: 4 });
    act(s, { k: 'move', to: 'r0c1' }, [5, 5, 5, 5, 5, 5]);
    s.cover[1] = 1;
    s.disarmed[0] = 1;
    s.shaken[0] = 1;
    const e = ev(act(s, { k: 'fight', t: 'B1', m: 'alone' }, [6, 2, 2, 2, 2, 3, 3, 3]), 'fight');
    expect(e).toMatchObject({ factors: ['defender uphill', 'defender in cover', 'attacker weaponless', 'attacker shaken'], active: [6], passive: [2, 2, 2, 2] });
  });
  it('a defender who came up the same way is not uphill of the attacker', () => {
    const sc = testScenario(['.H'], [{ side: 0, zone: 'r0c0' }, { side: 1, zone: 'r0c1' }]);
    const s = acting(sc, 'A1');
    s.edge[1] = sc.map.index.get('r0c0')!;
    act(s, { k: 'move', to: 'r0c1' }, [5, 5]);
    expect(ev(act(s, { k: 'fight', t: 'B1', m: 'alone' }, [4, 3, 3, 3]), 'fight')).toMatchObject({ factors: [] });
  });
  it('the Fighter skill turns passive dice active; the defender rolls its rating "or fight skill if better"', () => {
    const sc = testScenario(['..'], [{ side: 0, zone: 'r0c0', skills: { fighter: 1 } }, { side: 1, zone: 'r0c0', rating: 2, skills: { fighter: 3 } }]);
    const s = acting(sc, 'A1');
    s.shaken[0] = 1;
    expect(ev(act(s, { k: 'fight', t: 'B1', m: 'alone' }, [4, 3, 3, 3]), 'fight')).toMatchObject({ skill: 1, active: [4], passive: [], defBase: 3, defence: [3, 3, 3] });
  });
  it('"If no 1\'s were rolled during the fight, the figure may continue … and fighting again"', () => {
    const sc = testScenario(['..'], [{ side: 0, zone: 'r0c0' }, { side: 1, zone: 'r0c0' }]);
    const s = acting(sc, 'A1');
    act(s, { k: 'fight', t: 'B1', m: 'alone' }, [4, 5, 5, 5]);
    expect([s.phase, s.pool]).toEqual([PH_ACT, 1]);
    expect(keys(s)).toContain('fight:B1:alone');
  });
});

describe('FIGHTING: the special fights', () => {
  const pikeHorse = () =>
    testScenario(['..'], [
      { side: 0, zone: 'r0c0', pike: true, skills: { pike: 1 } },
      { side: 1, zone: 'r0c0', mounted: true, rating: 4 },
    ]);
  it('pike vs cavalry: the pikeman has first strike — a horseman\'s win in the first round is ignored', () => {
    const sc = pikeHorse();
    const s = acting(sc, 'B1');
    const e = ev(act(s, { k: 'fight', t: 'A1', m: 'alone' }, [6, 3, 2, 2]), 'fight');
    expect(e).toMatchObject({ winner: 'B1', diff: 3, firstStrike: 'A1', ignored: true, effect: 'none' });
    expect(s.wounds[0]).toBe(3);
  });
  it('"If the horseman wins the combat AND has initiative, the next round of fighting is treated as normal"', () => {
    const sc = pikeHorse();
    const s = acting(sc, 'B1');
    act(s, { k: 'fight', t: 'A1', m: 'alone' }, [6, 3, 2, 2]);
    const e = ev(act(s, { k: 'fight', t: 'A1', m: 'alone' }, [6, 4, 3, 2, 2]), 'fight');
    expect(e).toMatchObject({ winner: 'B1', firstStrike: null, ignored: false, effect: 'hit' });
  });
  it('"a win scored by the pike counts" — even when the horseman started the fight', () => {
    const sc = pikeHorse();
    const s = acting(sc, 'B1');
    const e = ev(act(s, { k: 'fight', t: 'A1', m: 'alone' }, [2, 5, 3, 3]), 'fight');
    expect(e).toMatchObject({ winner: 'A1', ignored: false, effect: 'hit' });
  });
  it('"In defense, pikemen may use either their rating or pike skill, whichever is higher"', () => {
    const sc = testScenario(['..'], [{ side: 0, zone: 'r0c0', pike: true, rating: 2, skills: { pike: 3 } }, { side: 1, zone: 'r0c0', mounted: true }]);
    expect(ev(act(acting(sc, 'B1'), { k: 'fight', t: 'A1', m: 'alone' }, [4, 3, 3, 3]), 'fight')).toMatchObject({ defBase: 3 });
  });
  it('a Disarmed pikeman has no pike: the horseman has first strike (horse vs foot)', () => {
    const sc = pikeHorse();
    const s = acting(sc, 'B1');
    s.disarmed[0] = 1;
    expect(ev(act(s, { k: 'fight', t: 'A1', m: 'alone' }, [2, 5, 3, 3]), 'fight')).toMatchObject({ winner: 'A1', firstStrike: 'B1', ignored: true });
  });
  it('horse vs foot: "Horsemen gain first strike against any infantry that are not armed with pikes", and may defend with the Rider skill', () => {
    const sc = testScenario(['..'], [{ side: 0, zone: 'r0c0', missile: 'musket' }, { side: 1, zone: 'r0c0', mounted: true, rating: 2, skills: { rider: 3 } }]);
    const s = acting(sc, 'A1');
    const e = ev(act(s, { k: 'fight', t: 'B1', m: 'alone' }, [6, 2, 2, 2]), 'fight');
    expect(e).toMatchObject({ defBase: 3, winner: 'A1', firstStrike: 'B1', ignored: true, effect: 'none' });
  });
  it('massed pike: one active die more per supporting pikeman, who have all used their turn; the coordinator goes on', () => {
    const sc = testScenario(['..'], [
      { side: 0, zone: 'r0c0', pike: true },
      { side: 0, zone: 'r0c0', pike: true },
      { side: 0, zone: 'r0c0', pike: true },
      { side: 1, zone: 'r0c0', mounted: true },
    ]);
    const s = acting(sc, 'A1');
    expect(keys(s)).toContain('fight:B1:massed');
    const e = ev(act(s, { k: 'fight', t: 'B1', m: 'massed' }, [4, 4, 4, 4, 4, 3, 3, 3]), 'fight');
    expect(e).toMatchObject({ attackers: ['A1', 'A2', 'A3'], outnumber: [2, 0], massed: [2, 0], spent: ['A2', 'A3'] });
    expect([s.acted[1], s.acted[2], s.phase]).toEqual([1, 1, PH_ACT]);
  });
  it('massed pike in defence: the supporting pikemen add their dice against a horseman', () => {
    const sc = testScenario(['..'], [{ side: 0, zone: 'r0c0', pike: true }, { side: 0, zone: 'r0c0', pike: true }, { side: 1, zone: 'r0c0', mounted: true }]);
    const e = ev(act(acting(sc, 'B1'), { k: 'fight', t: 'A1', m: 'alone' }, [4, 3, 3, 3, 3, 3]), 'fight');
    expect(e).toMatchObject({ defenders: ['A1', 'A2'], outnumber: [0, 1], massed: [0, 1], defence: [3, 3, 3, 3, 3] });
  });
  it('pike fencing: pike against pike is regular fighting; the winner with the initiative may fight again "without pikes"', () => {
    const sc = testScenario(['..'], [{ side: 0, zone: 'r0c0', pike: true }, { side: 1, zone: 'r0c0', pike: true, rating: 2, skills: { pike: 3 } }]);
    const s = acting(sc, 'A1');
    expect(keys(s)).not.toContain('fight:B1:close');
    expect(ev(act(s, { k: 'fight', t: 'B1', m: 'alone' }, [5, 4, 2, 2]), 'fight')).toMatchObject({ defBase: 3, firstStrike: null, winner: 'A1', effect: 'shaken' });
    expect(keys(s)).toContain('fight:B1:close');
    // Inside the pikes the pikeman's pike skill is no use: it defends with its rating.
    expect(ev(act(s, { k: 'fight', t: 'B1', m: 'close' }, [4, 4, 3, 3]), 'fight')).toMatchObject({ mode: 'close', defBase: 2 });
  });
});

describe('FIGURE: wounds and victory', () => {
  it('"as many Wounds as its rating, or … only one wound" (scenario option)', () => {
    const figs = [{ side: 0 as const, zone: 'r0c0', rating: 4 }, { side: 1 as const, zone: 'r0c1', rating: 2 }];
    expect(Array.from(acting(testScenario(['..'], figs), 'A1').wounds)).toEqual([4, 2]);
    expect(Array.from(acting(testScenario(['..'], figs, { wounds: 'one' }), 'A1').wounds)).toEqual([1, 1]);
  });
  it('a side with its break point of figures out of action loses at once', () => {
    const sc = testScenario(['..'], [{ side: 0, zone: 'r0c0', missile: 'thrown' }, { side: 1, zone: 'r0c1' }], { wounds: 'one' });
    const s = acting(sc, 'A1');
    const events = act(s, { k: 'shoot', t: 'B1' }, [6, 3, 4, 2, 2]);
    expect(ev(events, 'gameOver')).toMatchObject({ winner: 'alpha' });
    expect(s.phase).toBe(PH_OVER);
    expect(escarmouche.outcome(s)).toEqual({ winner: 'alpha', reason: 'Beta broken: 1 of 1 figures out of action' });
  });
  it('after the last game turn the side holding more objective points wins (held: figures there and no enemy)', () => {
    const sc = testScenario(['...'], [{ side: 0, zone: 'r0c0' }, { side: 1, zone: 'r0c2' }, { side: 1, zone: 'r0c0' }], {
      victory: { maxTurns: 1, breakPoint: 1, objectives: [{ zone: 'r0c0', value: 2 }, { zone: 'r0c2', value: 1 }] },
    });
    const s = setupGame(sc, noDice);
    const events: GameEvent[] = [];
    escarmouche.apply(s, { k: 'pass' }, { rng: streamFromString('x'), emit: (e) => events.push(e) });
    escarmouche.apply(s, { k: 'pass' }, { rng: streamFromString('x'), emit: (e) => events.push(e) });
    expect(escarmouche.outcome(s)).toEqual({ winner: 'beta', reason: 'turn limit: objectives Alpha 0, Beta 1' });
    expect(legalActions(s)).toEqual([]);
  });
});
