/**
 * The Pirates! invariant monitor's checks of the state after each decision (src/rules/pirates/invariants.ts
 * `afterStep`): §3.F band cohesion pair by pair, and each figure's status as the events tell it. The
 * monitor looks at the pairs and figures that changed since the previous decision; these tests pin
 * that what changed is still caught, from the state alone, and reported once.
 */
import { describe, expect, it } from 'vitest';
import { piratesInvariants } from '../../src/rules/pirates/invariants.js';
import { ACTIVE, FLEEING } from '../../src/rules/pirates/state.js';
import { duelScenario, duelState, fig } from '../helpers/pirates.js';

/** Three pirates in band 0, 2 in apart in a row, and a townsman far off. */
function band() {
  const sc = duelScenario([
    { side: 0, weapon: 'cutlass', at: [10, 10] },
    { side: 0, weapon: 'cutlass', at: [12, 10] },
    { side: 0, weapon: 'cutlass', at: [14, 10] },
    { side: 1, weapon: 'club', at: [40, 40] },
  ]);
  const s = duelState(sc);
  for (const f of [0, 1, 2]) s.band[f] = 0;
  return { sc, s };
}

describe('the monitor after each decision (§3.F cohesion, status against the events)', () => {
  it('§3.F: a band member moved 8 in from the others is reported (each pair once); one closing up, or staying, is not', () => {
    const { sc, s } = band();
    const m = piratesInvariants(sc);
    m.afterStep(s);
    s.x[fig(s, sc.figures[2].id)] = 22; // 10 and 8 in from the other two
    m.afterStep(s);
    expect(m.violations).toHaveLength(2);
    expect(m.violations.join('\n')).toMatch(/P0?1 and P0?3 of band 0 are 12\.00 in apart \(were 4\.00; §3\.F: 6 in\)/);
    expect(m.violations.join('\n')).toMatch(/P0?2 and P0?3 of band 0 are 10\.00 in apart \(were 2\.00; §3\.F: 6 in\)/);
    // Nothing moves: nothing new. Then the far one closes up by 3 in: allowed (it may only close up).
    m.afterStep(s);
    s.x[2] = 19;
    m.afterStep(s);
    expect(m.violations).toHaveLength(2);
  });

  it('§3.F: two members that both move apart are reported once as a pair', () => {
    const { sc, s } = band();
    const m = piratesInvariants(sc);
    m.afterStep(s);
    s.x[0] = 2;
    s.x[2] = 22;
    m.afterStep(s);
    const pairs = m.violations.filter((v) => /P0?1 and P0?3 /.test(v));
    expect(pairs).toHaveLength(1);
    expect(pairs[0]).toMatch(/20\.00 in apart \(were 4\.00/);
  });

  it('a figure fleeing in the state but active from the events is reported at the decision it appears, once', () => {
    const { sc, s } = band();
    const m = piratesInvariants(sc);
    m.afterStep(s);
    expect(m.violations).toEqual([]);
    s.status[3] = FLEEING; // no flee event
    m.afterStep(s);
    m.afterStep(s);
    expect(m.violations.filter((v) => /is fleeing in the state but active from the events/.test(v))).toHaveLength(1);
    // The events' side of it: a flee event the state does not follow is reported too.
    s.status[3] = ACTIVE;
    m.event({ e: 'flee', figure: sc.figures[3].id } as never);
    m.afterStep(s);
    expect(m.violations.join('\n')).toMatch(/is active in the state but fleeing from the events/);
  });
});
