/**
 * Play on the table (issue 39): in heuristic-vs-heuristic Supply Raid games, the move and attack
 * decisions name what they concern (`view.targets`): a move the point it heads for (`at`), an
 * attack the enemy it attacks; and a figure's `view.reach` draws its rings and lists the enemies in
 * sight within its weapon's range.
 */
import { describe, expect, it } from 'vitest';
import { loadScenario } from '../../src/rules/index.js';
import { makeAgents, playGameSync } from '../../src/core/game.js';
import { resolveBuiltinAgent } from '../../agents/index.js';
import type { Agent, Decision } from '../../src/core/agent.js';
import type { Json } from '../../src/core/model.js';
import { gameStream } from '../../src/core/rng.js';
import { piratesReach } from '../../src/rules/pirates/pointers.js';
import type { PiratesState } from '../../src/rules/pirates/state.js';

const sc = loadScenario('supply-raid');
// 'follow': a figure going with its band's group move (§4.D) heads for the band's point.
const MOVES = new Set(['group', 'follow', 'move', 'moveTo']);
const ATTACKS = new Set(['fight', 'charge', 'fire', 'moveFire']);

describe('Supply Raid view.targets', () => {
  it('20 heuristic-vs-heuristic games: at least 90% of move decisions have a point and of attacks their enemy', () => {
    const view = sc.ruleset.view;
    expect(view?.targets).toBeDefined();
    let moves = 0;
    let movesAt = 0;
    let attacks = 0;
    let attacksNamed = 0;
    const h = resolveBuiltinAgent('heuristic');
    for (let seed = 1; seed <= 20; seed++) {
      const inner = makeAgents(sc, seed, {
        pirates: { factory: h.factory, options: h.options },
        townsfolk: { factory: h.factory, options: h.options },
      });
      const agents: Record<string, Agent> = {};
      for (const [side, a] of Object.entries(inner)) {
        agents[side] = {
          spec: a.spec,
          decide(d: Decision): Json | Promise<Json> {
            const act = a.decide(d);
            if (act instanceof Promise) throw new Error('the heuristic answers at once');
            const o = act as { k?: string; t?: string };
            const t = view!.targets!(d.state, act);
            if (o.k !== undefined && MOVES.has(o.k)) {
              moves++;
              if (t !== null && t.at !== null) movesAt++;
            }
            if (o.k !== undefined && ATTACKS.has(o.k)) {
              attacks++;
              if (t !== null && o.t !== undefined && t.figures.includes(o.t)) attacksNamed++;
            }
            return act;
          },
        };
      }
      playGameSync(sc, seed, agents);
    }
    expect(moves).toBeGreaterThan(0);
    expect(attacks).toBeGreaterThan(0);
    expect(movesAt / moves).toBeGreaterThanOrEqual(0.9);
    expect(attacksNamed / attacks).toBeGreaterThanOrEqual(0.9);
  }, 300_000);
});

describe('Supply Raid view.reach', () => {
  it('every figure at the start: move and charge rings; a shooter a range ring of its range + a base width and the enemies it sees within it', () => {
    const s = sc.ruleset.setup(sc.compiled, { rng: gameStream(1) }) as PiratesState;
    let shooters = 0;
    for (const info of s.sc.figures) {
      const r = piratesReach(s, info.id);
      expect(r).not.toBeNull();
      expect(r!.rings.map((x) => x.kind).slice(0, 2)).toEqual(['move', 'charge']);
      const enemies = new Set(s.sc.sides[1 - info.side].figures.map((e) => s.sc.figures[e].id));
      for (const id of r!.sight) expect(enemies.has(id)).toBe(true);
      if (info.weapon.ranges.length === 0) {
        expect(r!.rings).toHaveLength(2);
        expect(r!.sight).toEqual([]);
      } else {
        shooters++;
        const range = r!.rings[2];
        expect(range.kind).toBe('range');
        expect(range.radius).toBe(info.weapon.ranges[info.weapon.ranges.length - 1].maxRange + 2 * s.sc.radius);
      }
    }
    expect(shooters).toBeGreaterThan(0);
  });
});
