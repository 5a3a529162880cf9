/**
 * The scripted policy of both Pig Wars versions: a score per legal order of the unit deciding
 * now (higher is better), playing the objective. Raiders: units go for the loot, drovers' units
 * head home, units charge enemies that stand in their way or threaten drovers when the odds are
 * fair. Defenders: chase drovers and guard the loot, charging raiders near it.
 */
import type { Json } from '../../core/model.js';
import { dist } from '../../core/geometry.js';
import { carrying, freeFigures, unitCentre, type PigAction } from './engine.js';
import { ACTIVE, PIG_FREE, type PigState } from './state.js';

function strength(s: PigState, u: number): number {
  let t = 0;
  for (const f of s.sc.units[u].figures) if (s.status[f] === ACTIVE) t += 1 + s.sc.figures[f].stripes * 0.25 + (s.sc.figures[f].armour === 'FA' ? 0.3 : s.sc.figures[f].armour === 'PA' ? 0.15 : 0);
  return t;
}

function nearestDist(s: PigState, u: number, v: number): number {
  let best = Infinity;
  for (const f of s.sc.units[u].figures) {
    if (s.status[f] !== ACTIVE) continue;
    for (const e of s.sc.units[v].figures) if (s.status[e] === ACTIVE) best = Math.min(best, dist(s.x[f], s.y[f], s.x[e], s.y[e]));
  }
  return best;
}

/** Scores of the legal orders (same order as `legal`). */
export function pigScores(s: PigState, legal: readonly Json[]): number[] {
  const sc = s.sc;
  const u = s.actUnit;
  const unit = sc.units[u];
  const raider = unit.side === sc.raiders;
  const free = freeFigures(s, u);
  const drovers = free.filter((f) => carrying(s, f)).length;
  const shooters = free.filter((f) => sc.figures[f].missile !== null).length;
  const mine = strength(s, u);
  const c = unitCentre(s, u);
  // enemies carrying loot
  const droverUnits = new Set<number>();
  for (const f of sc.sides[sc.raiders].figures) if (s.status[f] === ACTIVE && carrying(s, f)) droverUnits.add(sc.figures[f].unit);
  let freePigs = 0;
  for (const b of s.pigBy) if (b === PIG_FREE) freePigs++;
  return (legal as PigAction[]).map((a) => {
    switch (a.k) {
      case 'hold':
        return shooters * 2 >= free.length ? 3 : 0.5;
      case 'wall':
        return raider ? 0 : 0.8;
      case 'unwall':
        return 1.5;
      case 'obj':
        if (raider) return drovers * 2 >= free.length && free.length > 0 ? 1 : sc.objective || freePigs > 0 ? 4 : 0;
        return droverUnits.size > 0 ? 5 : 2;
      case 'home':
        return raider ? (drovers * 2 >= free.length ? 6 : 0.2) : 0;
      case 'foe': {
        const v = sc.units.findIndex((x) => x.id === a.u);
        const d = nearestDist(s, u, v);
        const bonus = !raider && droverUnits.has(v) ? 2 : 0;
        return 1.5 + bonus - d / 40;
      }
      case 'charge': {
        const v = sc.units.findIndex((x) => x.id === a.u);
        const theirs = strength(s, v);
        const odds = mine / Math.max(0.5, theirs);
        const d = nearestDist(s, u, v);
        let sc0 = 2 + 2.5 * Math.min(2, odds) - d / 20;
        if (!raider && droverUnits.has(v)) sc0 += 3;
        if (raider && drovers > 0) sc0 -= 3;
        if (shooters * 2 >= free.length) sc0 -= 2;
        void c;
        return sc0;
      }
      case 'moveTo':
        return 0;
    }
  });
}
