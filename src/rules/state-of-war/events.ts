/**
 * The events State of War writes into records, as one schema: a zod discriminated union on `e`,
 * one member per event kind, each field described with its meaning and unit (docs/records/
 * state-of-war.md is the same list in words). The ruleset's event type {@link SowEvent} is what
 * this schema parses to. Positions are table coordinates in cm ([x, y], y down the table), rounded
 * to 2 decimals; facings in degrees (0 = east, 90 = south).
 */
import { z } from 'zod';

const turn = z.number().int().describe('the turn, 1-based');
const figure = z.string().describe('the figure (id)');
const point = z.tuple([z.number(), z.number()]);
const moraleName = z.enum(['OK', 'no advance', 'fall back', 'broken', 'routed']);
/** One rolled die, as diceJson writes it. */
const rolledDie = z.object({
  die: z.string().describe('the die, e.g. d8'),
  face: z.number().int().describe('the face rolled'),
  score: z.number().describe('what the face scores after the die’s own rule'),
  for: z.string().describe('what the die stands for (quality, cover, range, the melee weapon)'),
});
/** Why a move ended short of where it went ([W5], [W8]–[W11], [W32]). */
const shortReason = z.enum(['allowance', 'line', 'base', 'blocked', 'contact', 'no advance']);
/** A reason in a move event's `short` list. */
export type ShortReason = z.infer<typeof shortReason>;
const pick = z.object({
  die: z.string().describe('the die rolled to pick (d<n> for n candidates)'),
  face: z.number().int().describe('its face: the n-th candidate is picked'),
});

/** Every State of War event kind and its fields. */
export const sowEvents = z.discriminatedUnion('e', [
  z.object({
    e: z.literal('deploy'),
    figure,
    unit: z.string().describe('the unit it starts in (id)'),
    side: z.string().describe('its side (id)'),
    at: point.describe('where it stands (cm)'),
    facing: z.number().describe('its facing (degrees)'),
    quality: z.string().describe('its quality die, e.g. d10 ([W2])'),
    weapon: z.string().describe('its firearm (key), or none'),
    melee: z.string().describe('its melee weapon (key)'),
    mounted: z.boolean().describe('true when it starts mounted'),
    loaded: z.boolean().describe('true when its weapon starts loaded (always)'),
    role: z.enum(['man', 'nco', 'commander']).describe('man, NCO or force commander'),
  }),
  z.object({ e: z.literal('phase'), turn, side: z.string().describe('the side whose action phase begins (id)') }),
  z.object({
    e: z.literal('burden'),
    turn,
    figure,
    barrel: z.string().describe('the barrel it carries (id)'),
    cost: z.number().int().describe('actions the carrying costs this phase ([W6])'),
    actions: z.number().int().describe('actions it has left this phase after the cost'),
  }),
  z.object({
    e: z.literal('move'),
    turn,
    figure,
    kind: z
      .enum(['move', 'ride', 'charge', 'turn'])
      .describe(
        'a move (to a destination or to given coordinates), a ride-and-load, a charge into contact, or a turn on the spot (a rider whose turning took the whole action)',
      ),
    from: point.describe('where it stood (cm)'),
    via: z.array(point).describe('the route’s bends between from and to (cm)'),
    to: point.describe('where it ends (cm)'),
    toward: point.optional().describe('the place it went toward (absent for a charge) (cm)'),
    short: z
      .array(shortReason)
      .optional()
      .describe(
        'why it ended short of toward, in the order they cut it: allowance, a fence or wall line, another base, a building or the table margin, an enemy’s contact, no advance; empty when it got there',
      ),
    facing: z.number().describe('its facing after (degrees)'),
    length: z.number().describe('the length of the route (cm)'),
    allowance: z.number().describe('the move’s allowance: 12 on foot, 24 mounted (cm)'),
    used: z.number().describe('allowance used: route, difficult ground counted double, and a rider’s turning (cm)'),
    turned: z.number().describe('degrees a rider turned (paid at 6 cm per 45°)'),
    difficult: z.number().describe('cm of the route in difficult ground'),
  }),
  z.object({ e: z.literal('leave'), turn, figure }),
  z.object({ e: z.literal('balk'), turn, figure, target: z.string().describe('the enemy it would not charge (id)') }),
  z.object({
    e: z.literal('fire'),
    turn,
    figure,
    weapon: z.string().describe('the firearm (key)'),
    unit: z.string().describe('the enemy unit fired at (id)'),
    candidates: z.array(z.string()).describe('the figures of that unit it could hit, nearest first (ids)'),
    pick: pick.nullable().describe('the die that picked the target among several candidates, or null'),
    target: z.string().describe('the figure shot at (id)'),
    range: z.number().describe('the distance to it (cm)'),
    band: z.enum(['short', 'medium', 'long', 'extreme']).describe('the range band ([W15])'),
    cover: z.enum(['open', 'soft', 'hard']).describe('the target’s cover ([W17])'),
    coverBy: z.string().nullable().describe('what gives the cover (area, building or fence id, or higher ground), null in the open'),
    firer: z.array(rolledDie).describe('the firer’s dice'),
    against: z.array(rolledDie).describe('the dice against him: cover and range'),
    margin: z.number().int().describe('the firer’s best score less the best against'),
    result: z.enum(['none', 'graze', 'wound', 'disabled', 'killed']).describe('what the margin does ([W16])'),
    facing: z.number().describe('the firer’s facing after, toward the target (degrees)'),
  }),
  z.object({
    e: z.literal('horseHit'),
    turn,
    figure,
    die: z.string().describe('the die rolled (d6)'),
    face: z.number().int().describe('its face'),
    horseHit: z.boolean().describe('true when the horse takes the hit (the rider is then on foot, unhurt)'),
  }),
  z.object({
    e: z.literal('hurt'),
    turn,
    figure,
    injury: z.enum(['wound', 'disabled', 'killed']).describe('the injury dealt'),
    cause: z.enum(['shot', 'melee', 'fall']).describe('what dealt it'),
    wounds: z.number().int().describe('the wounds it has after'),
    status: z.enum(['wounded', 'disabled', 'killed']).describe('its state after ([W18])'),
  }),
  z.object({
    e: z.literal('morale'),
    turn,
    unit: z.string().describe('the unit testing (id)'),
    trigger: z.string().describe('what made it test'),
    die: z.string().describe('the majority quality die of its active figures'),
    face: z.number().int().describe('its face'),
    mods: z.record(z.string(), z.number()).describe('the modifiers that applied, by name ([W26]–[W31])'),
    inCover: z.record(z.string(), z.string()).describe('its active figures in cover: figure id → what gives it'),
    flankedBy: z.string().optional().describe('the enemy it is flanked by (id), when flanked'),
    score: z.number().int().describe('the face plus the modifiers'),
    result: moraleName.describe('the result the score gives ([W32])'),
    status: moraleName.describe('the unit’s morale status after (a result never improves it)'),
  }),
  z.object({
    e: z.literal('noTest'),
    turn,
    unit: z.string().describe('the unit that would test (id)'),
    trigger: z.string().describe('what would have made it test'),
    why: z.enum(['no active member', 'tested this action phase']).describe('why it does not test'),
    status: moraleName.describe('its morale status'),
  }),
  z.object({
    e: z.literal('load'),
    turn,
    figure,
    left: z.number().int().describe('load actions still needed (0: loaded)'),
    ride: z.boolean().describe('true when loaded riding ([W3])'),
  }),
  z.object({
    e: z.literal('climb'),
    turn,
    figure,
    fence: z.string().describe('the fence or wall (id)'),
    height: z.number().describe('its height (cm)'),
    ladder: z.string().nullable().describe('the ladder used (id), or null'),
    rate: z.number().describe('cm climbed an action: 6 by a ladder, else 3 ([W5])'),
    climbed: z.number().describe('cm climbed so far'),
    over: z.boolean().describe('true when it is over'),
    from: point.describe('where it stood (cm)'),
    to: point.describe('where it stands after (cm; from while not over)'),
    facing: z.number().describe('its facing after (degrees)'),
  }),
  z.object({
    e: z.literal('carry'),
    turn,
    figure,
    barrel: z.string().describe('the barrel picked up (id)'),
    at: point.describe('where it lay (cm)'),
  }),
  z.object({
    e: z.literal('drop'),
    turn,
    figure,
    barrel: z.string().describe('the barrel (id)'),
    at: point.describe('where it now lies (cm)'),
    cause: z
      .enum(['set down', 'wounded', 'disabled', 'killed', 'running'])
      .describe('why: set down by choice, or let fall when hurt or running'),
  }),
  z.object({
    e: z.literal('detach'),
    turn,
    figure,
    from: z.string().describe('the unit it leaves (id)'),
    unit: z.string().describe('the detachment formed (id)'),
    figures: z.array(z.string()).describe('the figures that go with it (ids)'),
    size: z.number().int().describe('the detachment’s size'),
    leftSize: z.number().int().describe('the size of the unit left'),
    leader: z.string().describe('the detachment’s leader (id)'),
    leftLeader: z.string().nullable().describe('the leader of the unit left (id), or null'),
  }),
  z.object({ e: z.literal('dismount'), turn, figure, horseAt: point.describe('where the horse waits (cm)') }),
  z.object({ e: z.literal('mount'), turn, figure }),
  z.object({
    e: z.literal('burn'),
    turn,
    figure,
    barrel: z.string().nullable().describe('the barrel emptied on the objective (id), or null'),
    counts: z.number().int().describe('fire actions this action counts'),
    progress: z.number().int().describe('fire actions counted so far'),
    needed: z.number().int().describe('fire actions that fire the objective'),
  }),
  z.object({
    e: z.literal('melee'),
    turn,
    one: z.string().describe('the figure fighting alone (id)'),
    many: z.array(z.string()).describe('the figures against him (ids)'),
    oneDice: z.array(rolledDie).describe('his dice'),
    manyDice: z.array(z.array(rolledDie)).describe('each opponent’s dice, in the order of many'),
    oneMods: z.record(z.string(), z.union([z.number(), z.boolean()])).describe('his modifiers by name (noDice: true when he throws none)'),
    manyMods: z.array(z.record(z.string(), z.union([z.number(), z.boolean()]))).describe('each opponent’s modifiers'),
    oneScore: z.number().describe('his score'),
    manyScore: z.number().describe('the best opponent’s score'),
    margin: z.number().describe('the difference of the scores'),
    winner: z.string().nullable().describe('the winner (id), or null on a tie'),
    loser: z.string().nullable().describe('the loser (id), or null on a tie'),
    pick: pick.nullable().describe('the die that picked the loser among several, or null'),
    effect: z.enum(['PB', 'PBW', 'W', 'D', 'K', 'DMT', 'DMTW']).nullable().describe('the result on the loser ([W23]), or null'),
  }),
  z.object({
    e: z.literal('unhorsed'),
    turn,
    figure,
    die: z.string().describe('the die for the fall (d6)'),
    face: z.number().int().describe('its face'),
    wounded: z.boolean().describe('true when the fall wounds him (5+)'),
    plusWound: z.boolean().describe('true when the result was DMT+W (a wound besides)'),
  }),
  z.object({
    e: z.literal('push'),
    turn,
    figure,
    moved: z.array(z.string()).describe('the figures pushed back: the loser and unengaged friends just behind (ids); empty when blocked'),
    by: point.describe('the push (dx, dy) (cm)'),
    blocked: z.boolean().describe('true when the push is blocked and nobody moves'),
  }),
  z.object({
    e: z.literal('rally'),
    turn,
    unit: z.string().describe('the unit (id)'),
    die: z.string().describe('its majority die'),
    face: z.number().int().describe('its face'),
    rallied: z.boolean().describe('true when it rallies'),
  }),
  z.object({
    e: z.literal('statusEnd'),
    turn,
    unit: z.string().describe('the unit (id)'),
    was: moraleName.describe('the result that has run its course'),
  }),
  z.object({ e: z.literal('turnEnd'), turn }),
  z.object({
    e: z.literal('end'),
    turn,
    winner: z.string().nullable().describe('the winning side (id), or null'),
    reason: z.string().describe('why the game ended'),
  }),
]);

/** A State of War event (see {@link sowEvents}). */
export type SowEvent = z.infer<typeof sowEvents>;
