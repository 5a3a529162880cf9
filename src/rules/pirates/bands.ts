/**
 * Pirates! bands as the state holds them (§3.C–F): a band's members, and the figures a new band
 * would take from a deployment group (every pair within 6 in, §3.F). Queries of the state; nothing
 * here changes it.
 */
import { dist } from '../../core/geometry.js';
import { COHESION } from './action.js';
import { ACTIVE, type PiratesState } from './state.js';

/** How many members (ACTIVE) band `b` has: `bandMembers(s, b).length` without the list. */
export function bandCount(s: PiratesState, b: number): number {
  if (b < 0 || b >= s.nBands) return 0;
  // A band's members are of its side: only that side's figures are looked at.
  const figs = s.sc.sides[s.bandSide[b]].figures;
  let n = 0;
  for (let i = 0; i < figs.length; i++) if (s.band[figs[i]] === b && s.status[figs[i]] === ACTIVE) n++;
  return n;
}

/** Members (ACTIVE) of band `b`, in id order. */
export function bandMembers(s: PiratesState, b: number): number[] {
  const out: number[] = [];
  if (b < 0 || b >= s.nBands) return out;
  const figs = s.sc.sides[s.bandSide[b]].figures;
  for (let i = 0; i < figs.length; i++) if (s.band[figs[i]] === b && s.status[figs[i]] === ACTIVE) out.push(figs[i]);
  return out;
}

/**
 * The figures a new band from group `g` would take, in the order they join: the first unbanded
 * figure of the group, then the nearest others that keep every pair within 6 inches (§3.F).
 * At most `max` figures.
 */
export function newBandCandidates(s: PiratesState, g: number, max: number): number[] {
  const n = newBandInto(s, g, max);
  return Array.from(NB_OUT.subarray(0, n));
}

/**
 * {@link newBandCandidates} into the scratch list {@link NB_OUT} (read it before the next call),
 * returning how many.
 */
export function newBandInto(s: PiratesState, g: number, max: number): number {
  const figs = s.sc.groups[g].figures;
  let seed = -1;
  for (const f of figs) {
    if (s.status[f] === ACTIVE && s.band[f] < 0) {
      seed = f;
      break;
    }
  }
  if (seed < 0) return 0;
  if (NB_OUT.length < figs.length) NB_OUT = new Int32Array(Math.max(figs.length, 2 * NB_OUT.length));
  const out = NB_OUT;
  out[0] = seed;
  let nOut = 1;
  const sx = s.x[seed];
  const sy = s.y[seed];
  // Taking the nearest remaining figure again and again, each taken or refused for good (a figure
  // refused once can never fit later: the set only grows), considers the others once each, in
  // order of distance to the seed (ties: earlier in the group) — so sort them once (insertion,
  // stable) into scratch arrays and walk the order.
  const figs2 = figs.length;
  if (NB_F.length < figs2) {
    NB_F = new Int32Array(Math.max(figs2, 2 * NB_F.length));
    NB_D = new Float64Array(NB_F.length);
  }
  const F = NB_F;
  const D = NB_D;
  let m = 0;
  for (let j = 0; j < figs2; j++) {
    const f = figs[j];
    if (f === seed || s.status[f] !== ACTIVE || s.band[f] >= 0) continue;
    const d = dist(sx, sy, s.x[f], s.y[f]);
    let i = m++;
    while (i > 0 && D[i - 1] > d) {
      D[i] = D[i - 1];
      F[i] = F[i - 1];
      i--;
    }
    D[i] = d;
    F[i] = f;
  }
  for (let k = 0; k < m && nOut < max; k++) {
    const best = F[k];
    let ok = true;
    for (let j = 0; j < nOut; j++) {
      const o = out[j];
      if (dist(s.x[best], s.y[best], s.x[o], s.y[o]) > COHESION + 1e-9) {
        ok = false;
        break;
      }
    }
    if (ok) out[nOut++] = best;
  }
  return nOut;
}

/**
 * The members of the new band `a` would form with card value `max` on side `side`: the engine's pick
 * ({@link newBandInto}), or the player's own `figures` (§3.C: a player forms his bands; since 1.4.0)
 * — each an unbanded figure of group `g` on the table, none twice, `n` of them, at most the card's
 * value, every pair within 6 in (§3.F). A string says why the band cannot be formed.
 */
export function newBandMembers(
  s: PiratesState,
  a: { g: string; n: number; figures?: string[] },
  side: number,
  max: number,
): number[] | string {
  const g = s.sc.groups.findIndex((x) => x.id === a.g && x.side === side);
  if (g < 0) return `no group "${a.g}" on this side`;
  if (!Number.isInteger(a.n) || a.n < 1 || a.n > max) return `a band of ${a.n} cannot answer a card of ${max} (§3.B)`;
  if (a.figures === undefined) {
    const n = newBandInto(s, g, max);
    if (a.n > n) return `group ${a.g} cannot form a band of ${a.n}`;
    return Array.from(NB_OUT.subarray(0, a.n));
  }
  if (a.figures.length !== a.n) return `${a.figures.length} figures named for a band of ${a.n}`;
  const out: number[] = [];
  for (const id of a.figures) {
    const f = s.sc.figureIndex.get(id);
    if (f === undefined) return `no figure "${id}"`;
    if (s.sc.figures[f].group !== g) return `${id} is not of group ${a.g}`;
    if (s.status[f] !== ACTIVE) return `${id} is not on the table able to act`;
    if (s.band[f] >= 0) return `${id} is in a band already (§3.C: a band stays intact)`;
    if (out.includes(f)) return `${id} is named twice`;
    for (const o of out) {
      if (dist(s.x[f], s.y[f], s.x[o], s.y[o]) > COHESION + 1e-9)
        return `${id} and ${s.sc.figures[o].id} are more than ${COHESION} in apart (§3.F)`;
    }
    out.push(f);
  }
  return out;
}

/** Scratch of {@link newBandCandidates}: the candidates in order of distance, and the distances. */
let NB_F = new Int32Array(64);
let NB_D = new Float64Array(64);
/** The list {@link newBandInto} fills: the figures of the new band, in the order they join. */
let NB_OUT = new Int32Array(64);

/** The list the last {@link newBandInto} call filled (valid until the next call). */
export function newBandList(): Int32Array {
  return NB_OUT;
}
