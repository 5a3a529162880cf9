/**
 * Leaders and casualties ([R21]–[R23]): a leader's reach (up a level within 4 in), what a figure
 * must see (dark ages: its standard; pirates: a leader), a leader in combat or leading, Leader
 * Combat for a hit leader, and a figure killed (loot dropped, the unit's morale triggers set).
 */
import { dist } from '../../core/geometry.js';
import { roll, type Rng } from '../../core/rng.js';
import { ACTIVE, C, DEAD, TRIG_LEADER, TRIG_LOSS, TRIG_STANDARD, type PigState } from './state.js';
import { leaderHit, lossSteps } from './tables.js';
import { type Emit, engaged } from './queries.js';
import { dropLoot } from './loot.js';

/**
 * Levels a figure is rated up (+1) or down (−1) for morale and rally: within 4 in of a leader
 * (or, dark ages, in shield wall) up one; dark ages: cannot see his unit's standard, pirates:
 * cannot see a leader, down one.
 */
export function levelShift(s: PigState, f: number): number {
  const sc = s.sc;
  const info = sc.figures[f];
  let up = 0;
  if (sc.version.shieldWall && s.wall[info.unit]) up = 1;
  // The side's living, active leaders in one pass, without the list: within 4 in of
  // one, and (pirates) whether one is in sight (asked until one is: the test is pure).
  const mustSeeLeader = sc.version.mustSee === 'leader';
  let seen = false;
  for (const g of sc.sides[info.side].figures) {
    if (!sc.figures[g].leader || s.status[g] !== ACTIVE) continue;
    if (dist(s.x[f], s.y[f], s.x[g], s.y[g]) <= 4 + 1e-9) up = 1;
    if (mustSeeLeader && !seen && sc.table.lineOfSightOf(s.x, s.y, f, g)) seen = true;
  }
  let down = 0;
  if (mustSeeLeader) {
    if (!seen) down = 1;
  } else if (sc.units[info.unit].hasStandard) {
    let bearer = -1;
    for (const g of sc.units[info.unit].figures) {
      if (sc.figures[g].standard && s.status[g] === ACTIVE) {
        bearer = g;
        break;
      }
    }
    if (bearer < 0 || !sc.table.lineOfSightOf(s.x, s.y, f, bearer)) down = 1;
  }
  return up - down;
}

/**
 * [R23] "Leader in combat or leading" (since 0.4.0): a leader of unit `u`, active, who is in base
 * contact with an active enemy (`in combat`), or leading his men — within 4 in (the sheets' own
 * reach of a leader, "within 4 inches of a leader … up one level") of another active figure of his
 * unit, or the last of it standing (`leading`). Null when no leader of the unit is either (before
 * 0.4.0 a leader alive anywhere gave the bonus; outside audits, C2).
 */
export function leaderInCombatOrLeading(s: PigState, u: number): { f: number; how: 'in combat' | 'leading' } | null {
  const figs = s.sc.units[u].figures;
  let leading = -1;
  for (const f of figs) {
    if (!s.sc.figures[f].leader || s.status[f] !== ACTIVE) continue;
    if (engaged(s, f)) return { f, how: 'in combat' };
    if (leading >= 0) continue;
    let alone = true;
    let near = false;
    for (const g of figs) {
      if (g === f || s.status[g] !== ACTIVE) continue;
      alone = false;
      if (dist(s.x[f], s.y[f], s.x[g], s.y[g]) <= 4 + 1e-9) {
        near = true;
        break;
      }
    }
    if (alone || near) leading = f;
  }
  return leading >= 0 ? { f: leading, how: 'leading' } : null;
}

/**
 * A hit that is not blocked or saved, or a mêlée kill: a leader goes to Leader Combat, anyone else
 * dies. `hitRoll` is the natural D12 of the roll that hit him (the shooter's or the mêlée winner's).
 * [R21] DA: "the opponent rolls a D12. Leader dies on 1-3"; PI: "he only dies if the roll was a
 * natural 12" — the roll that hit him, no new die (ruleset 0.3.0, audit C1; before, a fresh D12).
 */
export function casualty(s: PigState, t: number, by: number, rng: Rng, emit: Emit, how: 'shot' | 'melee', hitRoll: number): void {
  const sc = s.sc;
  const info = sc.figures[t];
  if (info.leader) {
    const fresh = sc.version.leaderRoll === 'fresh';
    const r = fresh ? roll(rng, 12) : hitRoll;
    const res = leaderHit(sc.version.leaderDies, r, s.hits[t]);
    s.counters[C.leaderHits]++;
    emit?.({
      e: 'leader',
      f: info.id,
      by: sc.figures[by].id,
      roll: r,
      of: fresh ? 'leader combat D12' : 'the hitting roll',
      diesOn: `${sc.version.leaderDies[0]}-${sc.version.leaderDies[1]}`,
      dies: res.dies,
      hits: res.hits,
      eliminated: res.eliminated,
    });
    if (!res.eliminated) {
      s.hits[t] = res.hits;
      return;
    }
    s.hits[t] = res.hits;
  }
  kill(s, t, by, emit, how);
}

function kill(s: PigState, t: number, by: number, emit: Emit, how: 'shot' | 'melee'): void {
  const sc = s.sc;
  const info = sc.figures[t];
  dropLoot(s, t, emit);
  s.status[t] = DEAD;
  s.counters[C.kills]++;
  const u = info.unit;
  s.lostTurn[u]++;
  if (info.leader) {
    s.leaderLost[u] = 1;
    s.pending[u] |= TRIG_LEADER;
  }
  if (info.standard && sc.version.standards) {
    s.standardLost[u] = 1;
    s.pending[u] |= TRIG_STANDARD;
  }
  if (!s.lossChecked[u] && lossSteps(s.lostTurn[u], sc.units[u].figures.length, sc.version.moraleMods.lossStep) >= 1)
    s.pending[u] |= TRIG_LOSS;
  emit?.({ e: 'kill', f: info.id, by: sc.figures[by].id, how });
}
