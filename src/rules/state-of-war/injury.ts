/**
 * Injuries [W18] and the morale tests they trigger [W25]: a wound, a figure disabled or killed,
 * the barrel a hurt carrier drops, the force commander's fall.
 */
import type { SowEvent } from './events.js';
import type { StepContext } from '../../core/model.js';
import { actionsFor, applyInjury } from './tables.js';
import { type SowState, ACTIVE, DEAD, DISABLED } from './state.js';
import { moraleTest } from './morale.js';
import { activeCount, dropBarrel, liveUnits } from './units.js';
import { checkVictory } from './victory.js';

/** Status code of a figure able to act (a local copy: an imported binding is read through a getter under tsx). */
const ON = ACTIVE;

/** Apply an injury to figure t and the morale tests it triggers [W18], [W25]. */
export function injure(
  s: SowState,
  t: number,
  injury: 'wound' | 'disabled' | 'killed',
  cause: 'shot' | 'melee' | 'fall',
  ctx: StepContext<SowEvent>,
): void {
  const sc = s.sc;
  if (s.status[t] !== ON && s.status[t] !== DISABLED) return;
  const h = applyInjury({ wounds: s.wounds[t], disabled: s.status[t] === DISABLED, dead: false }, injury);
  s.wounds[t] = h.wounds;
  const was = s.status[t];
  s.status[t] = h.dead ? DEAD : h.disabled ? DISABLED : ACTIVE;
  if (s.status[t] !== ON) s.acts[t] = 0;
  else if (s.side === sc.figures[t].side) s.acts[t] = Math.min(s.acts[t], actionsFor(s.wounds[t], false));
  ctx.emit?.({
    e: 'hurt',
    turn: s.turn,
    figure: sc.figures[t].id,
    injury,
    cause,
    wounds: h.wounds,
    status: h.dead ? 'killed' : h.disabled ? 'disabled' : 'wounded',
  });
  // A hurt carrier lets the barrel fall where he stands [W6].
  dropBarrel(s, t, h.dead ? 'killed' : h.disabled ? 'disabled' : 'wounded', ctx);
  const side = sc.figures[t].side;
  if (t === sc.sides[side].commander && was === ON && s.status[t] !== ON) {
    s.commanderFell[side] = s.turn;
    // "All units must test if the Force commander is killed": every unit tests, even one that has
    // tested this phase (ruleset 1.3.0, audit C1; [W25]). His own unit's test for the fall is also
    // its test for a member hurt (one event, one test).
    for (const u of liveUnits(s, side)) moraleTest(s, u, 'force commander fell', ctx, true);
    // His own unit, left with no active member, has its line too ([W25], third outside reading D2).
    if (activeCount(s, s.unitOf[t]) === 0) moraleTest(s, s.unitOf[t], 'force commander fell', ctx, true);
  } else {
    moraleTest(s, s.unitOf[t], 'a member hurt', ctx);
  }
  checkVictory(s, ctx);
}
