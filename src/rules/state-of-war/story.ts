/**
 * Plain-words text for State of War events (the story `run` and `replay` print) and actions (the
 * menus of `play`). Lengths in cm.
 */
import type { SowScenario } from './compile.js';
import type { DieJson, SowAction } from './action.js';
import type { SowEvent } from './events.js';
import { climbPlan } from './climb.js';
import { chargePlan, movePlan } from './movement.js';
import { detachment } from './options.js';
import { shotCandidates, shotPools } from './shooting.js';
import { actor } from './units.js';
import type { SowState } from './state.js';
import { marginDistribution } from '../../core/dice-contest.js';
import { chargeFightOdds, chargeFightWords } from './odds.js';

/** A figure id in words, e.g. `Sgt. Kelly (U01, sergeant)` or `C03 (infantryman)`. */
export function figureLabel(sc: SowScenario, id: string): string {
  const i = sc.figureIndex.get(id);
  if (i === undefined) return id;
  const f = sc.figures[i];
  return f.name === f.id ? `${f.id} (${f.type})` : `${f.name} (${f.id}, ${f.type})`;
}

function unitLabel(sc: SowScenario, id: string): string {
  const i = sc.unitIndex.get(id);
  return i === undefined ? id : sc.units[i].name;
}

function barrelLabel(sc: SowScenario, id: string): string {
  return sc.barrels.find((b) => b.id === id)?.name ?? id;
}

/** A fence or wall by its label ("the rail fence"), from the id an event carries. */
function fenceLabel(sc: SowScenario, id: string): string {
  return sc.fences.find((x) => x.id === id)?.label ?? id;
}

function dice(v: readonly DieJson[]): string {
  return v.map((d) => `${d.for} ${d.die}=${d.face}${d.score !== d.face ? `→${d.score}` : ''}`).join(', ');
}

/** Melee modifiers in words: ` (outnumbered −1, charging +1)`, ` (no dice: enemy to his rear)`, or nothing. */
function modWords(v: Readonly<Record<string, number | boolean>>): string {
  const parts = Object.entries(v).map(([k, n]) =>
    k === 'noDice' ? 'no dice: mounted, enemy to his rear' : `${k} ${Number(n) > 0 ? '+' : ''}${String(n)}`,
  );
  return parts.length > 0 ? ` (${parts.join(', ')})` : '';
}

function pt(v: readonly number[]): string {
  return `(${v.join(', ')})`;
}

const DEST: Record<string, string> = {
  obj: 'toward the objective',
  cover: 'to cover',
  rear: 'toward the rear edge',
  round: 'toward the rear edge, round the fence',
  away: 'away from the enemy',
  unit: 'back to its unit',
};

function destWords(sc: SowScenario, key: string): string {
  if (key.startsWith('foe:')) return `toward ${figureLabel(sc, key.slice(4))}`;
  return DEST[key] ?? key;
}

/** The action in plain words for people. */
export function describeAction(s: SowState, a: SowAction): string {
  const sc = s.sc;
  const f = actor(s);
  const who = f >= 0 ? figureLabel(sc, sc.figures[f].id) : '';
  switch (a.k) {
    case 'done':
      return `${who}: stop (the rest of its actions are lost)`;
    case 'move':
    case 'ride': {
      const p = f >= 0 ? movePlan(s, f, a.to) : null;
      const how = p ? (p.turnOnly ? ' (turns only)' : ` ${p.length.toFixed(1)} cm to (${p.to.x.toFixed(1)}, ${p.to.y.toFixed(1)})`) : '';
      return `${who}: ${a.k === 'ride' ? 'ride and load, ' : 'move '}${destWords(sc, a.to)}${how}`;
    }
    case 'moveTo':
      return `${who}: move to (${a.x}, ${a.y})`;
    case 'charge': {
      const t = sc.figureIndex.get(a.t);
      const p = f >= 0 && t !== undefined ? chargePlan(s, f, t) : null;
      // the odds of the fight it makes, one on one ([W20]–[W23]; odds.ts)
      const o = p && f >= 0 && t !== undefined ? chargeFightOdds(s, f, t) : null;
      return `${who}: charge ${figureLabel(sc, a.t)}${p ? ` (${p.length.toFixed(1)} cm${o ? `; ${chargeFightWords(o)}` : ''})` : ''}`;
    }
    case 'fire': {
      const u = sc.unitIndex.get(a.u);
      let odds = '';
      if (f >= 0 && u !== undefined) {
        const c = shotCandidates(s, f, u);
        if (c.length > 0) {
          const pools = shotPools(s, f, c[0].t);
          let wound = 0;
          for (const [m, p] of marginDistribution(pools.firer, pools.target)) if (m >= 2) wound += p;
          odds = ` (${c.length} ${c.length === 1 ? 'figure' : 'figures'} within range, nearest ${c[0].d.toFixed(0)} cm ${pools.cover}; wound or worse ${(100 * wound).toFixed(0)}%)`;
        }
      }
      return `${who}: fire at ${unitLabel(sc, a.u)}${odds}`;
    }
    case 'load':
      return `${who}: load (${f >= 0 ? `${s.load[f]} load ${s.load[f] === 1 ? 'action' : 'actions'}` : '? load actions'} to go)`;
    case 'climb': {
      const p = f >= 0 ? climbPlan(s, f) : null;
      if (!p) return `${who}: climb the fence or wall`;
      const fence = sc.fences[p.fence];
      const left = Math.max(0, p.height - s.climbed[f]);
      const over = left <= p.rate + 1e-9;
      return `${who}: climb ${fence.label} (${p.height} cm, ${p.rate} cm an action${p.ladder >= 0 ? ' by the ladder' : ''}${over ? ': over with this action' : `: ${Math.ceil(left / p.rate - 1e-9)} actions to go`})`;
    }
    case 'carry': {
      const b = sc.barrels.find((x) => x.id === a.b);
      return `${who}: pick up and carry ${b ? b.name : a.b} (carrying costs 1 action a phase)`;
    }
    case 'drop':
      return `${who}: set down ${f >= 0 && s.carry[f] >= 0 ? sc.barrels[s.carry[f]].name : 'what he carries'}`;
    case 'detach': {
      const d = f >= 0 ? detachment(s, f) : null;
      return `${who}: make a detachment${d ? ` of ${d.figures.length} (${d.figures.map((g) => sc.figures[g].id).join(', ')})` : ''}`;
    }
    case 'mount':
      return `${who}: mount his horse`;
    case 'dismount':
      return `${who}: dismount`;
    case 'burn': {
      const b = f >= 0 ? s.carry[f] : -1;
      const counts = b >= 0 ? Math.max(1, sc.barrels[b].fire) : 1;
      return `${who}: fire ${sc.objective.name}${b >= 0 ? ` with ${sc.barrels[b].name}` : ''} (${Math.min(sc.objective.fireActions, s.burn + counts)} of ${sc.objective.fireActions})`;
    }
  }
}

/** One line of story for an event, or null when not worth telling. */
export function describeEvent(sc: SowScenario, e: SowEvent): string | null {
  switch (e.e) {
    case 'deploy':
      return null;
    case 'phase':
      return `— Turn ${e.turn}: ${sc.sides.find((x) => x.id === e.side)?.name ?? e.side} act —`;
    case 'move': {
      const who = figureLabel(sc, e.figure);
      return e.kind === 'turn'
        ? `${who} turns to face ${e.facing}°`
        : `${who} ${e.kind === 'charge' ? 'charges' : e.kind === 'ride' ? 'rides' : 'moves'} ${e.length} cm from ${pt(e.from)} to ${pt(e.to)}`;
    }
    case 'climb': {
      const who = figureLabel(sc, e.figure);
      return e.over
        ? `${who} climbs over ${fenceLabel(sc, e.fence)} (${e.height} cm${e.ladder ? ', by the ladder' : ''}) to ${pt(e.to)}`
        : `${who} climbs ${e.climbed} of ${e.height} cm of ${fenceLabel(sc, e.fence)}${e.ladder ? ' by the ladder' : ''}`;
    }
    case 'carry':
      return `${figureLabel(sc, e.figure)} picks up ${barrelLabel(sc, e.barrel)}`;
    case 'burden':
      return `${figureLabel(sc, e.figure)} carries ${barrelLabel(sc, e.barrel)} (1 action)`;
    case 'drop':
      return `${figureLabel(sc, e.figure)} ${e.cause === 'set down' ? 'sets down' : `drops (${e.cause})`} ${barrelLabel(sc, e.barrel)} at ${pt(e.at)}`;
    case 'detach':
      return `${figureLabel(sc, e.figure)} leads ${e.figures.length} of ${unitLabel(sc, e.from)} off as ${unitLabel(sc, e.unit)}: ${e.figures.join(', ')}`;
    case 'load':
      return `${figureLabel(sc, e.figure)} loads (${e.left} to go)`;
    case 'fire':
      return `${figureLabel(sc, e.figure)} fires (${e.weapon}) at ${unitLabel(sc, e.unit)}: ${figureLabel(sc, e.target)} at ${e.range} cm (${e.band}, ${e.cover}); ${dice(e.firer)} vs ${dice(e.against)}: ${e.result}`;
    case 'horseHit': {
      const who = figureLabel(sc, e.figure);
      return e.horseHit ? `${who}'s horse is hit (d6=${e.face}) and falls; he is on foot` : `the rider ${who} takes it (d6=${e.face})`;
    }
    case 'hurt':
      return `${figureLabel(sc, e.figure)} is ${e.status} (${e.cause})`;
    case 'melee': {
      const many = e.many.map((m, i) => `${figureLabel(sc, m)} [${dice(e.manyDice[i] ?? [])}]${modWords(e.manyMods[i] ?? {})}`).join(', ');
      const pick = e.pick ? ` (${e.pick.die}=${e.pick.face} picks the loser)` : '';
      return `Melee: ${figureLabel(sc, e.one)} [${dice(e.oneDice)}]${modWords(e.oneMods)} = ${e.oneScore} against ${many} = ${e.manyScore}: ${e.loser ? `${figureLabel(sc, e.loser)} loses by ${e.margin}${pick}: ${e.effect ?? ''}` : 'evens'}`;
    }
    case 'push': {
      const who = figureLabel(sc, e.figure);
      return e.blocked
        ? `${who} cannot be pushed back`
        : `${who} is pushed back 2 cm${e.moved.length > 1 ? ` with ${e.moved.length - 1} behind him` : ''}`;
    }
    case 'unhorsed':
      return `${figureLabel(sc, e.figure)} is unhorsed (fall: ${e.die}=${e.face}, ${e.wounded ? 'wounded on 5+' : 'unhurt'})${e.plusWound ? ' and takes the wound of DMT+W' : ''}`;
    case 'morale':
      return `Morale of ${unitLabel(sc, e.unit)} (${e.trigger}): ${e.die}=${e.face} ${Object.entries(e.mods)
        .map(([k, v]) => `${v > 0 ? '+' : ''}${v} ${k}`)
        .join(' ')} = ${e.score}: ${e.result}`;
    case 'noTest':
      return `No morale test for ${unitLabel(sc, e.unit)} (${e.trigger}): ${e.why} (${e.status})`;
    case 'rally':
      return `${unitLabel(sc, e.unit)} ${e.rallied ? 'rally' : 'fail to rally'} (${e.die}=${e.face})`;
    case 'statusEnd':
      return `${unitLabel(sc, e.unit)}: "${e.was}" has run its course`;
    case 'balk':
      return `${figureLabel(sc, e.figure)} will not charge ${figureLabel(sc, e.target)}`;
    case 'dismount':
      return `${figureLabel(sc, e.figure)} dismounts`;
    case 'mount':
      return `${figureLabel(sc, e.figure)} mounts`;
    case 'leave':
      return `${figureLabel(sc, e.figure)} runs off the table`;
    case 'burn':
      return `${figureLabel(sc, e.figure)} sets fire to ${sc.objective.name}${e.barrel ? ` with ${barrelLabel(sc, e.barrel)}` : ''} (${e.progress} of ${e.needed})`;
    case 'turnEnd':
      return null;
    case 'end':
      return `Game over: ${e.winner ? `${sc.sides.find((x) => x.id === e.winner)?.name ?? e.winner} win` : 'a draw'} — ${e.reason}`;
  }
}
