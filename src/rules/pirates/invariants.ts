/**
 * Rule invariants of Pirates!, checked from the events of a game (independently of the engine's own
 * bookkeeping) and from the state after each decision. Used by the property tests, the fuzz bench
 * and `stress`; any violation is a defect.
 */
import type { InvariantMonitor, Json } from '../../core/model.js';
import type { PiratesEvent } from './events.js';
import { dist, distToPolygonBoundary, pointInPolygon, strictlyInside, type Polygon } from '../../core/geometry.js';
import type { PiratesScenario } from './compile.js';
import { ACTIVE, FLEEING, type PiratesState } from './state.js';
import { COHESION, FORMATION } from './action.js';
import { StepChanges } from '../../core/table/index.js';

const TOL = 0.02; // event lengths are rounded to hundredths

function num(v: Json | undefined): number {
  return typeof v === 'number' ? v : NaN;
}
function pt(a: readonly [number, number]): { x: number; y: number } {
  return { x: a[0], y: a[1] };
}

/** A monitor for one game on `sc`. */
export function piratesInvariants(sc: PiratesScenario): InvariantMonitor<PiratesState, PiratesEvent> {
  const violations: string[] = [];
  const status = new Map<string, string>(sc.figures.map((f) => [f.id, 'active']));
  const bands = new Map<number, Set<string>>();
  let turnCards: string[] = [];
  const deck = sc.deck.map((c) => c.label).sort();
  const attackedThisTurn = new Set<string>();
  let turn = 1;
  const moved = new Set<string>();
  const landed = new Set<string>();
  // §4.D: the group move being read (its limit and the followers' from/to, from their move events).
  // `steered`: where the centre was steered to (the end of `steer`), round which the followers stand.
  let group: {
    band: string;
    limit: number;
    allowance: number;
    slow: number;
    steered: { x: number; y: number } | null;
    from: { x: number; y: number }[];
    to: { x: number; y: number }[];
  } | null = null;
  const closeGroup = (): void => {
    if (!group) return;
    const g = group;
    group = null;
    if (g.from.length === 0) return;
    const mean = (ps: { x: number; y: number }[]) => ({
      x: ps.reduce((a, p) => a + p.x, 0) / ps.length,
      y: ps.reduce((a, p) => a + p.y, 0) / ps.length,
    });
    const a = mean(g.from);
    const b = mean(g.to);
    const d = dist(a.x, a.y, b.x, b.y);
    if (d > g.limit + TOL) bad(`band ${g.band}'s centre moved ${d.toFixed(2)} in on a group move limited to ${g.limit} in (§4.D)`);
  };
  // What changed since the previous decision (centres, status, band), read from the state.
  const changes = new StepChanges(sc.figures.length);
  const bad = (msg: string): void => {
    if (violations.length < 50) violations.push(`turn ${turn}: ${msg}`);
  };
  // The figures whose status the events changed since the last decision (see afterStep).
  const statusTouched = new Set<string>();
  const setStatus = (id: string, st: string): void => {
    status.set(id, st);
    statusTouched.add(id);
  };
  const mustBeActive = (id: string, what: string): void => {
    const st = status.get(id);
    if (st !== 'active') bad(`${id} (${st ?? 'unknown'}) ${what}`);
  };
  return {
    violations,
    event(e: PiratesEvent) {
      if (group && !(e.e === 'move' && e.kind === 'group')) closeGroup();
      switch (e.e) {
        case 'turn':
          turn = num(e.turn);
          turnCards = [];
          attackedThisTurn.clear();
          break;
        case 'card':
          turnCards.push(String(e.card));
          break;
        case 'turnEnd': {
          const got = [...turnCards].sort();
          if (got.join(',') !== deck.join(',')) bad(`cards turned this turn ${got.join(',')} differ from the deck ${deck.join(',')}`);
          break;
        }
        case 'activate': {
          const figs = e.figures;
          if (figs.length > num(e.value)) bad(`band ${String(e.band)} of ${figs.length} activated by a ${String(e.card)}`);
          for (const id of figs) mustBeActive(id, 'activated');
          const b = num(e.band);
          if (e.formed) {
            if (bands.has(b)) bad(`band ${b} formed twice`);
            for (const [ob, m] of bands) for (const id of figs) if (m.has(id)) bad(`${id} joins band ${b} while in band ${ob}`);
            bands.set(b, new Set(figs));
          } else {
            const m = bands.get(b);
            if (!m) bad(`band ${b} acts before it was formed`);
            else for (const id of figs) if (!m.has(id)) bad(`${id} acts with band ${b} but is not in it (§3.C)`);
          }
          break;
        }
        case 'move': {
          mustBeActive(String(e.figure), 'moved');
          const path = num(e.path);
          const limit = num(e.limit);
          const allowance = num(e.allowance);
          if (!(path <= limit + TOL)) bad(`${String(e.figure)} moved ${path} in with a limit of ${limit}`);
          if (!(limit <= allowance + TOL)) bad(`${String(e.figure)} limit ${limit} over its allowance ${allowance}`);
          const from = pt(e.from);
          const to = pt(e.to);
          moved.add(String(e.figure));
          if (e.kind === 'group') {
            if (!group) bad(`${String(e.figure)} made a group move outside a group move`);
            else {
              group.from.push(from);
              group.to.push(to);
              // §4.D as read (docs/rules/pirates.md): a follower stands within FORMATION + 1 (3 in)
              // of the point the centre was steered to — not of the followers' own new centre.
              const p = group.steered;
              const off = p ? dist(to.x, to.y, p.x, p.y) : NaN;
              if (!(off <= FORMATION + 1 + TOL))
                bad(
                  `${String(e.figure)} ends a group move ${off.toFixed(2)} in from the point band ${group.band}'s centre was steered to; the reading (§4.D) says within ${FORMATION + 1} in`,
                );
            }
          }
          // The route's waypoints run from `from` to `to` and never cut through a building: no
          // shorter than the shortest way round; a figure's own move is as long as its route.
          const via: readonly (readonly number[])[] | undefined = e.via;
          if (!Array.isArray(via)) bad(`${String(e.figure)} moved without its route (via)`);
          const route: (readonly number[])[] = [[from.x, from.y], ...(via ?? []), [to.x, to.y]];
          {
            let travelled = 0;
            for (let i = 1; i < route.length; i++) travelled += dist(route[i - 1][0], route[i - 1][1], route[i][0], route[i][1]);
            for (let i = 1; i < route.length; i++) {
              if (
                !sc.nav.clear(route[i - 1][0], route[i - 1][1], route[i][0], route[i][1]) &&
                sc.nav.isFree(route[i - 1][0], route[i - 1][1])
              ) {
                const leg = sc.nav.distance({ x: route[i - 1][0], y: route[i - 1][1] }, { x: route[i][0], y: route[i][1] });
                if (Number.isFinite(leg) && leg > dist(route[i - 1][0], route[i - 1][1], route[i][0], route[i][1]) + 0.05)
                  bad(`${String(e.figure)}'s route cuts through a building or water`);
              }
            }
            if (e.kind !== 'group' && Math.abs(travelled - path) > 0.05 * route.length)
              bad(`${String(e.figure)}'s route is ${travelled.toFixed(2)} in but the move says ${path}`);
            // §4.B figure by figure in a group move (since 1.4.0): a follower whose own way enters
            // broken ground or climbs goes no further than a figure moving alone may.
            if (e.kind === 'group' && group && Number.isFinite(group.slow)) {
              const pts = route.map((p) => ({ x: p[0], y: p[1] }));
              // A start on the edge of broken ground is decided at the last digit of a rounded
              // position (Records → Rounding): "starts on it" only when clearly inside.
              // Likewise a way that only clips a corner or an edge of broken ground (never more than
              // 0.02 in inside it) is decided at the last digit: the engine's unrounded way may pass it.
              const climbs = sc.table.climbEntry(pts) < Infinity;
              const entry = Math.min(sc.table.slowEntry(pts), sc.table.climbEntry(pts));
              const onEdge = entry === 0 && !sc.table.slowGround.some((a) => strictlyInside(pts[0].x, pts[0].y, a.poly, 0.01));
              const grazes = !climbs && entry < Infinity && depthInside(pts, sc.table.slowGround) <= 0.02;
              const slowWay = entry < Infinity && !onEdge && !grazes;
              const reach = sc.table.reachAlong(pts, group.allowance, group.slow);
              if (slowWay && travelled > reach + 0.05 * route.length)
                bad(
                  `${String(e.figure)} followed ${travelled.toFixed(2)} in over broken ground or uphill on a group move; alone it could go ${reach.toFixed(2)} (§4.B)`,
                );
            }
            const geo = sc.nav.clear(from.x, from.y, to.x, to.y) ? dist(from.x, from.y, to.x, to.y) : sc.nav.distance(from, to);
            if (Number.isFinite(geo) && travelled < geo - 0.05 * route.length)
              bad(
                `${String(e.figure)} went ${travelled.toFixed(2)} in where the shortest way around buildings is ${geo.toFixed(2)} (through a building?)`,
              );
          }
          break;
        }
        case 'run': {
          const path = num(e.path);
          if (!(path <= num(e.allowance) + TOL)) bad(`${String(e.figure)} ran ${path} in on an allowance of ${String(e.allowance)}`);
          if (status.get(String(e.figure)) !== 'fleeing') bad(`${String(e.figure)} runs but is ${status.get(String(e.figure))}`);
          moved.add(String(e.figure));
          if (e.gone) setStatus(String(e.figure), 'gone');
          break;
        }
        case 'attack': {
          const a = String(e.attacker);
          mustBeActive(a, 'attacked');
          mustBeActive(String(e.defender), 'was attacked');
          if (attackedThisTurn.has(a)) bad(`${a} attacked twice in one turn (§5.B(3))`);
          attackedThisTurn.add(a);
          const die = num(e.attackerDie);
          if (![4, 6, 8, 10, 12].includes(die)) bad(`attacker die d${die}`);
          if (num(e.margin) !== num(e.attackerRoll) - num(e.defenderRoll)) bad('attack margin is not the difference of the rolls');
          if (num(e.attackerRoll) < 1 || num(e.attackerRoll) > die || num(e.defenderRoll) < 1 || num(e.defenderRoll) > 6)
            bad('a roll off its die');
          break;
        }
        case 'groupMove':
          {
            const steer = Array.isArray(e.steer) ? e.steer : [];
            const last = steer.length > 0 ? steer[steer.length - 1] : null;
            const steered =
              Array.isArray(last) && typeof last[0] === 'number' && typeof last[1] === 'number' ? { x: last[0], y: last[1] } : null;
            if (!steered) bad(`band ${String(e.band)}'s group move does not say where its centre was steered (steer)`);
            group = {
              band: String(e.band),
              limit: num(e.limit),
              allowance: num(e.allowance),
              slow: num(e.slow),
              steered,
              from: [],
              to: [],
            };
          }
          if (!(num(e.limit) <= num(e.allowance) + TOL))
            bad(`band ${String(e.band)} group limit ${String(e.limit)} over its allowance ${String(e.allowance)}`);
          break;
        case 'land':
          if (landed.has(String(e.figure))) bad(`${String(e.figure)} landed a second load (§11: 15 of his boys)`);
          landed.add(String(e.figure));
          break;
        case 'kill':
          setStatus(String(e.figure), 'dead');
          break;
        case 'capture':
          setStatus(String(e.figure), 'captured');
          break;
        case 'flee':
          mustBeActive(String(e.figure), 'started to flee');
          setStatus(String(e.figure), 'fleeing');
          break;
        case 'pillage':
          mustBeActive(String(e.figure), 'pillaged');
          break;
        case 'reload':
          mustBeActive(String(e.figure), 'reloaded');
          break;
        default:
          break;
      }
    },
    afterStep(s: PiratesState) {
      closeGroup();
      // §3.F, categorical and pair by pair: two active members of a band within 6 in of each other
      // stay so; a pair further apart (never after forming) may only close up. Only a pair with a
      // figure whose place, band or status changed since the previous decision can break it (a pair
      // of unchanged figures is as far apart as before), so those are the pairs checked; which figures
      // changed is read from the state itself, not from the events (a decision changes a few).
      changes.update(s.x, s.y, s.status, s.band);
      if (!changes.first) {
        const was = changes.before;
        const member = (f: number): boolean =>
          s.band[f] >= 0 && s.status[f] === ACTIVE && was.extra[f] === s.band[f] && was.status[f] === ACTIVE;
        changes.pairs(member, (f, g) => {
          const b = s.band[f];
          if (s.band[g] !== b) return;
          const now = dist(s.x[f], s.y[f], s.x[g], s.y[g]);
          const before = dist(was.x[f], was.y[f], was.x[g], was.y[g]);
          if (now > Math.max(COHESION, before) + 1e-6)
            bad(
              `${sc.figures[f].id} and ${sc.figures[g].id} of band ${b} are ${now.toFixed(2)} in apart (were ${before.toFixed(2)}; §3.F: 6 in)`,
            );
        });
      }
      // Status agrees with the events, for every figure at the first decision and then for each whose
      // status the state or the events changed (a figure changed by neither agrees as before, and a
      // disagreement is reported once, at the decision it appears).
      const lim = 2 * sc.radius - 1e-6;
      const statusAgrees = (f: number): void => {
        const st = s.status[f];
        const expect = st === ACTIVE ? 'active' : st === FLEEING ? 'fleeing' : null;
        const id = sc.figures[f].id;
        if (expect !== null && status.get(id) !== expect) bad(`${id} is ${expect} in the state but ${status.get(id)} from the events`);
      };
      for (let c = 0; c < changes.count; c++) statusAgrees(changes.list[c]);
      for (const id of statusTouched) {
        const f = sc.figureIndex.get(id) ?? -1;
        if (f >= 0 && !changes.changed(f)) statusAgrees(f);
      }
      statusTouched.clear();
      for (const id of moved) {
        const i = sc.figureIndex.get(id) ?? -1;
        if (i < 0) {
          bad(`${id} moved but is no figure of the scenario`);
          continue;
        }
        if (s.status[i] !== ACTIVE && s.status[i] !== FLEEING) continue;
        if (!sc.nav.isFree(s.x[i], s.y[i])) bad(`${id} stands inside a building, water or off the table`);
        for (let g = 0; g < sc.figures.length; g++) {
          if (g === i || (s.status[g] !== ACTIVE && s.status[g] !== FLEEING)) continue;
          if (dist(s.x[i], s.y[i], s.x[g], s.y[g]) < lim) bad(`${id} and ${sc.figures[g].id} overlap`);
        }
      }
      moved.clear();
    },
  };
}

/**
 * How deep a route goes into any of `areas` (inches): the largest distance from an area's boundary
 * of a point of the route inside it, sampled every 0.005 in. 0 when it never enters one.
 */
function depthInside(pts: readonly { x: number; y: number }[], areas: readonly { poly: Polygon }[]): number {
  let deepest = 0;
  for (let i = 1; i < pts.length; i++) {
    const a = pts[i - 1];
    const b = pts[i];
    const steps = Math.max(1, Math.ceil(dist(a.x, a.y, b.x, b.y) / 0.005));
    for (let k = 0; k <= steps; k++) {
      const x = a.x + ((b.x - a.x) * k) / steps;
      const y = a.y + ((b.y - a.y) * k) / steps;
      for (const ar of areas) if (pointInPolygon(x, y, ar.poly)) deepest = Math.max(deepest, distToPolygonBoundary(x, y, ar.poly));
    }
  }
  return deepest;
}
