/** The hold action (§2): the actor does nothing this activation. Always legal. */
import { type ActionKind, type DuelAction, actionTable, label } from './action.js';

/** `hold` (§2): listed last, always. */
export const holdKind: ActionKind<'hold'> = {
  k: 'hold',
  list(s, out: DuelAction[]) {
    out.push(actionTable(s.sc).hold);
  },
  check: () => null,
  apply(s, _a, ctx) {
    ctx.emit?.({ e: 'hold', f: s.sc.figures[s.actor].id });
  },
  words: (s) => `${label(s, s.actor)}: hold`,
  key: () => 'hold',
};
