/**
 * Shooting ([R13]–[R19]): who may shoot in a card's shooting step (loaded, not in mêlée, not
 * charged; pirates: only a holding figure that did nothing else), the nearest target in range and
 * sight, the hit and the block (dark ages) or save (pirates), and the pirates' reload.
 */
import { dist } from '../../core/geometry.js';
import { roll, type Rng } from '../../core/rng.js';
import { inContactWithAny } from '../../core/table/index.js';
import { ACTIVE, C, type PigState } from './state.js';
import {
  DA_BLOCK,
  PIRATE_SAVE,
  daBlocked,
  daHit,
  pirateHit,
  pirateProtection,
  pirateSaved,
  protectionUp,
  shotDice,
  type DaProtection,
  type Mod,
} from './tables.js';
import { O_HOLD, O_CHARGE } from './action.js';
import { r3, type Emit, onTable, engaged, coverAt, figureView, arcOf, freeFigures } from './queries.js';
import { casualty } from './leaders.js';

/** Pirates: unloaded figures of a holding unit reload (their one action). */
export function reloadUnit(s: PigState, u: number, emit: Emit): void {
  for (const f of freeFigures(s, u)) {
    const m = s.sc.figures[f].missile;
    const pistol = s.sc.figures[f].weapons.some((w) => w.pistol);
    if ((m && m.reload) || pistol) {
      if (!s.loaded[f]) {
        s.loaded[f] = 1;
        s.moved[f] = 1;
        emit?.({ e: 'reload', f: s.sc.figures[f].id });
      }
    }
  }
}

/** The nearest enemy figure figure f may shoot at (in long range and sight, not in mêlée), or −1. */
export function shotTarget(s: PigState, f: number): number {
  const sc = s.sc;
  const m = sc.figures[f].missile;
  if (!m) return -1;
  const side = sc.figures[f].side;
  let best = -1;
  let bd = Infinity;
  for (const e of sc.sides[1 - side].figures) {
    if (!onTable(s, e)) continue;
    const d = dist(s.x[f], s.y[f], s.x[e], s.y[e]);
    if (d > m.long + 1e-9 || d >= bd) continue;
    if (engagedWithSide(s, e, side)) continue;
    if (!sc.table.lineOfSightOf(s.x, s.y, f, e)) continue;
    best = e;
    bd = d;
  }
  return best;
}

function engagedWithSide(s: PigState, e: number, side: number): boolean {
  return inContactWithAny(figureView(s), e, s.sc.sides[side].figures);
}

/** The figure may shoot in this activation's shooting step. */
export function mayShoot(s: PigState, f: number): boolean {
  const sc = s.sc;
  const info = sc.figures[f];
  if (s.status[f] !== ACTIVE || !info.missile || engaged(s, f)) return false;
  if (info.missile.reload && !s.loaded[f]) return false;
  const o = s.order[info.unit];
  if (o === O_CHARGE) return false;
  if (sc.version.oneAction && (o !== O_HOLD || s.moved[f])) return false;
  return true;
}

/**
 * The enemy figure `f` would shoot at in this activation's shooting step if its unit were ordered
 * to hold now ({@link mayShoot} under a hold, then {@link shotTarget}), or −1. For words and
 * pointers: the order is not given.
 */
export function shotOnHold(s: PigState, f: number): number {
  const info = s.sc.figures[f];
  if (s.status[f] !== ACTIVE || !info.missile || engaged(s, f)) return -1;
  if (info.missile.reload && !s.loaded[f]) return -1;
  if (s.sc.version.oneAction && s.moved[f]) return -1;
  return shotTarget(s, f);
}

/** Step 3 of side `side`'s card: each of its figures that may shoot ({@link mayShoot}) shoots at its nearest target. */
export function shootStep(s: PigState, side: number, rng: Rng, emit: Emit): void {
  for (const f of s.sc.sides[side].figures) {
    if (!mayShoot(s, f)) continue;
    const t = shotTarget(s, f);
    if (t < 0) continue;
    shoot(s, f, t, rng, emit);
  }
}

function shoot(s: PigState, f: number, t0: number, rng: Rng, emit: Emit): void {
  const sc = s.sc;
  const info = sc.figures[f];
  const m = info.missile;
  if (!m) return;
  const d0 = dist(s.x[f], s.y[f], s.x[t0], s.y[t0]);
  const long = d0 > m.short + 1e-9;
  const n = shotDice(m, long);
  let t = t0;
  s.moved[f] = 1;
  if (m.reload) s.loaded[f] = 0;
  for (let k = 0; k < n; k++) {
    if (!onTable(s, t)) {
      // cannon dice after a kill go to the next nearest figure of the target's unit in range
      t = -1;
      let bd = Infinity;
      for (const e of sc.units[sc.figures[t0].unit].figures) {
        if (!onTable(s, e)) continue;
        const d = dist(s.x[f], s.y[f], s.x[e], s.y[e]);
        if (d <= m.long && d < bd) {
          bd = d;
          t = e;
        }
      }
      if (t < 0) break;
    }
    s.counters[C.shots]++;
    const tInfo = sc.figures[t];
    const r = roll(rng, 12);
    // the event's common words, made only when someone records
    const base = emit ? shotWords(s, f, t, m.name, long, r) : null;
    if (sc.version.shotDefence === 'block') {
      const hit = daHit(r, long);
      if (!hit) {
        if (emit && base) emit({ ...base, need: long ? 3 : 6, hit: false });
        continue;
      }
      let prot: DaProtection = tInfo.armour;
      if (s.wall[tInfo.unit] && arcOf(s, f, t) === 'front') prot = 'SW';
      const cov = coverAt(sc, s.x[t], s.y[t]) !== 'none';
      const p2 = protectionUp(prot, cov);
      const b = roll(rng, 12);
      const blocked = daBlocked(p2, b);
      if (emit && base)
        emit({ ...base, need: long ? 3 : 6, hit: true, protection: p2, cover: cov, block: b, blockOn: DA_BLOCK[p2], blocked });
      if (!blocked) {
        s.counters[C.shotHits]++;
        casualty(s, t, f, rng, emit, 'shot', r);
      }
    } else {
      const closeShooter = s.close[info.unit] === 1 && !info.mounted;
      const closeTarget = s.close[tInfo.unit] === 1 && !tInfo.mounted;
      const h = pirateHit(r, info.stripes, closeShooter, closeTarget, long);
      // the modifiers, for the record only
      const mods: Mod[] = [];
      if (emit) {
        if (info.stripes) mods.push({ name: 'level', value: info.stripes });
        if (closeShooter) mods.push({ name: 'close order shooter', value: 1 });
        if (closeTarget) mods.push({ name: 'close order target', value: 1 });
      }
      if (!h.hit) {
        if (emit && base) emit({ ...base, mods: mods.map((x) => ({ ...x })), total: h.total, need: long ? 10 : 7, hit: false });
        continue;
      }
      const prot = pirateProtection(tInfo.leader, coverAt(sc, s.x[t], s.y[t]));
      const sv = roll(rng, 12);
      const saved = pirateSaved(prot, sv);
      if (emit && base)
        emit({
          ...base,
          mods: mods.map((x) => ({ ...x })),
          total: h.total,
          need: long ? 10 : 7,
          hit: true,
          protection: prot,
          save: sv,
          saveOn: PIRATE_SAVE[prot],
          saved,
        });
      if (!saved) {
        s.counters[C.shotHits]++;
        casualty(s, t, f, rng, emit, 'shot', r);
      }
    }
  }
}

/** The words every `shoot` event of figure f at t has (for the record only). */
function shotWords(
  s: PigState,
  f: number,
  t: number,
  weapon: string,
  long: boolean,
  roll: number,
): { e: 'shoot'; f: string; target: string; weapon: string; dist: number; range: 'long' | 'short'; roll: number } {
  const range: 'long' | 'short' = long ? 'long' : 'short';
  return {
    e: 'shoot',
    f: s.sc.figures[f].id,
    target: s.sc.figures[t].id,
    weapon,
    dist: r3(dist(s.x[f], s.y[f], s.x[t], s.y[t])),
    range,
    roll,
  };
}
