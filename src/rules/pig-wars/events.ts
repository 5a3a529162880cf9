/**
 * The events of a Pig Wars game (both versions) as a schema: a zod discriminated union on `e`, one
 * member per event kind, every field described with its meaning and unit. The ruleset hands it
 * over as `events`; {@link PigEvent} is what the engine emits and story.ts and invariants.ts read.
 * docs/records/pig-wars.md documents the same fields for readers of records.
 *
 * Units: lengths in inches (rounded to 0.001), facings in whole degrees (0 = facing +x, 90 = down
 * the table, +y), dice as rolled.
 */
import { z } from 'zod';

const figureId = z.string().describe('figure id (side prefix and number, e.g. `V07`)');
const unitId = z.string().describe('unit id, as in the scenario');
const d12 = (what: string): z.ZodNumber => z.number().int().describe(`${what} (natural D12, 1–12)`);
const point = z.tuple([z.number(), z.number()]).describe('a point [x, y] (inches)');
/** A modifier as recorded: a name and a value added to a roll or allowance; `factor` (allowances only) scales instead. */
const mod = z.object({
  name: z.string().describe('what the modifier is for'),
  value: z.number().describe('added to the roll or allowance (inches for allowances)'),
  factor: z.number().optional().describe('a part that scales the allowance instead of adding (carrying loot ×½): value is then 0'),
});
const mods = (what: string): z.ZodArray<typeof mod> => z.array(mod).describe(what);

/** Each figure at set-up, with what the sheets' tables ask of it. */
const setupFigure = z.object({
  f: figureId,
  unit: unitId,
  name: z.string().describe('the figure’s name (its id when unnamed)'),
  class: z.string().describe('quality class (dark ages: elite … militia; pirates: veteran … green)'),
  stripes: z.number().int().optional().describe('dark ages: stripes, added to mêlée rolls'),
  level: z.number().int().optional().describe('pirates: level, added to mêlée and shooting rolls'),
  weapons: z.array(z.string()).describe('weapon names, as in the version’s weapon table'),
  armour: z.enum(['UA', 'PA', 'FA']).describe('armour: unarmoured, partial, full'),
  shield: z.boolean().describe('carries a shield'),
  mounted: z.boolean().describe('mounted'),
  leader: z.literal(true).optional().describe('a leader (present only when true)'),
  rank: z.string().optional().describe('pirates: a leader’s rank (captain or mate)'),
  standard: z.literal(true).optional().describe('dark ages: carries the unit’s standard (present only when true)'),
  x: z.number().describe('centre x (inches)'),
  y: z.number().describe('centre y (inches)'),
  facing: z.number().describe('facing (degrees)'),
});

/** The event schema of both Pig Wars rulesets. */
export const pigEvents = z.discriminatedUnion('e', [
  z.object({
    e: z.literal('setup'),
    ruleset: z.string().describe('ruleset id (`pig-wars` or `pig-wars-pirates`)'),
    figures: z.array(setupFigure).describe('every figure as placed, in index order'),
    pigs: z.array(point).describe('the pigs’ starting places (empty with an objective zone)'),
  }),
  z.object({ e: z.literal('turn'), turn: z.number().int().describe('the turn beginning (1-based)') }),
  z.object({
    e: z.literal('card'),
    turn: z.number().int().describe('current turn'),
    side: z.string().describe('id of the side whose card (chip) was drawn'),
    left: z.array(z.number().int()).describe('cards of each side still in the cup after this draw, in side order'),
  }),
  z.object({
    e: z.literal('order'),
    turn: z.number().int().describe('current turn'),
    unit: unitId,
    order: z.string().describe('the order’s key (`hold`, `wall`, `obj`, `foe:<unit>`, `charge:<unit>`, `moveTo:<x>,<y>` …)'),
  }),
  z.object({
    e: z.literal('die'),
    unit: unitId,
    what: z.string().describe('what the die is for (movement D6, crossing −D6, charge D6, rough-ground die, fall-back D6)'),
    die: z.string().describe('the die (`d6`, `d8` …)'),
    roll: z.number().int().describe('the number rolled'),
  }),
  z.object({
    e: z.literal('formation'),
    unit: unitId,
    wall: z.boolean().optional().describe('dark ages: true when the unit forms shield wall, false when it leaves or loses it'),
    close: z.literal(false).optional().describe('pirates: the unit loses its close order'),
    why: z.string().optional().describe('why a formation was lost (a figure falling back)'),
  }),
  z.object({
    e: z.literal('move'),
    f: figureId,
    path: z.array(point).describe('the way taken, from the start to the place reached (inches)'),
    facing: z.number().describe('facing after the move (degrees)'),
    length: z.number().describe('length of the way (inches)'),
    allowance: z.number().describe('the most the figure could move (inches)'),
    parts: mods('the parts of the allowance (movement factor, dice, charge D6, crossing −D6, carrying factor)'),
    why: z.string().describe('the order or rule that moved it'),
    charge: figureId.optional().describe('a charge that reached contact: the figure charged'),
    bonus: z.boolean().optional().describe('a charge that reached contact: it qualifies for the charge bonus'),
  }),
  z.object({ e: z.literal('reload'), f: figureId }),
  z.object({
    e: z.literal('shoot'),
    f: figureId,
    target: figureId.describe('the figure shot at'),
    weapon: z.string().describe('the missile weapon'),
    dist: z.number().describe('centre distance to the target (inches)'),
    range: z.enum(['short', 'long']).describe('the range band'),
    roll: d12('the shooting roll'),
    mods: mods('pirates: the modifiers of the shooting roll (level, close order)').optional(),
    total: z.number().optional().describe('pirates: the roll with its modifiers'),
    need: z.number().describe('the roll needed to hit (dark ages: at most; pirates: at least)'),
    hit: z.boolean().describe('it hits'),
    protection: z.string().optional().describe('a hit: the target’s protection (dark ages: armour or SW, raised by cover; pirates: the save class)'),
    cover: z.boolean().optional().describe('dark ages, a hit: the target touches cover'),
    block: d12('dark ages, a hit: the block roll').optional(),
    blockOn: z.number().optional().describe('dark ages: the block roll blocks at or under this'),
    blocked: z.boolean().optional().describe('dark ages: the hit is blocked'),
    save: d12('pirates, a hit: the save roll').optional(),
    saveOn: z.number().optional().describe('pirates: the save roll saves at or over this'),
    saved: z.boolean().optional().describe('pirates: the hit is saved'),
  }),
  z.object({
    e: z.literal('melee'),
    a: figureId.describe('the acting side’s figure'),
    b: figureId.describe('its opponent'),
    rollA: d12('a’s roll'),
    modsA: mods('a’s modifiers'),
    adjA: z.number().describe('a’s roll with its modifiers, held to 1–12'),
    rollB: d12('b’s roll'),
    modsB: mods('b’s modifiers'),
    adjB: z.number().describe('b’s roll with its modifiers, held to 1–12'),
    marginToKillA: z.number().describe('the margin by which b must win to kill a'),
    marginToKillB: z.number().describe('the margin by which a must win to kill b'),
    facingA: z.number().describe('a’s facing the arcs were read from (degrees)'),
    facingB: z.number().describe('b’s facing the arcs were read from (degrees)'),
    result: z.enum(['tie', 'a kills', 'b kills', 'continuing']).describe('the round’s result'),
  }),
  z.object({
    e: z.literal('facing'),
    why: z.string().describe('why figures turned (after mêlée: to face their opponents)'),
    turned: z.array(z.object({ f: figureId, facing: z.number().describe('new facing (degrees)') })).describe('the figures that turned'),
  }),
  z.object({
    e: z.literal('leader'),
    f: figureId.describe('the leader hit'),
    by: figureId.describe('the figure that hit him'),
    roll: d12('the Leader Combat roll'),
    of: z.string().describe('which roll decides (dark ages: a fresh leader combat D12; pirates: the hitting roll)'),
    diesOn: z.string().describe('the range of the roll on which he dies (`1-3`, `12-12`)'),
    dies: z.boolean().describe('the roll kills him'),
    hits: z.number().int().describe('his hits after this one'),
    eliminated: z.boolean().describe('he is out of the game (killed, or three hits)'),
  }),
  z.object({
    e: z.literal('kill'),
    f: figureId.describe('the figure killed'),
    by: figureId.describe('the figure that killed it'),
    how: z.enum(['shot', 'melee']).describe('shot or in mêlée'),
  }),
  z.object({
    e: z.literal('morale'),
    unit: unitId,
    triggers: z.array(z.string()).describe('what called for the check (leader killed, losses this turn, standard lost)'),
    roll: d12('the morale roll'),
    mods: mods('the modifiers of the roll'),
    leader: z
      .object({ figure: figureId, how: z.enum(['in combat', 'leading']).describe('in base contact with an enemy, or within 4 in of his men') })
      .optional()
      .describe('the leader in combat or leading who gives his bonus'),
    total: z.number().describe('the roll with its modifiers'),
    fallBack: z.array(figureId).describe('the figures that fall back'),
    rout: z.array(figureId).describe('the figures that rout'),
  }),
  z.object({
    e: z.literal('rally'),
    unit: unitId,
    roll: d12('the rally roll'),
    rallied: z.array(figureId).describe('routed figures that rally'),
    failed: z.array(figureId).describe('routed figures that fail and keep falling back'),
  }),
  z.object({ e: z.literal('command'), f: figureId, routs: z.literal(true).describe('pirates: the figure is out of command and routs') }),
  z.object({ e: z.literal('gone'), f: figureId, where: z.string().describe('where it went (off the table, or the home zone’s name)') }),
  z.object({
    e: z.literal('stuck'),
    f: figureId,
    why: z.string().describe('the fall back or rout the rules asked for'),
    reason: z.string().describe('why it could not move'),
  }),
  z.object({
    e: z.literal('loot'),
    f: figureId.describe('the raider taking the loot'),
    from: z.string().optional().describe('the objective zone a load is taken from'),
    pig: z.number().int().optional().describe('the pig taken (0-based index)'),
  }),
  z.object({ e: z.literal('drop'), f: figureId, x: z.number().describe('where the loot is dropped, x (inches)'), y: z.number().describe('y (inches)') }),
  z.object({
    e: z.literal('landed'),
    f: figureId,
    n: z.number().int().describe('loot landed by this figure now'),
    landed: z.number().int().describe('loot landed so far'),
  }),
  z.object({ e: z.literal('turnEnd'), turn: z.number().int().describe('the turn ending'), landed: z.number().int().describe('loot landed so far') }),
  z.object({
    e: z.literal('end'),
    winner: z.string().nullable().describe('id of the winning side (null: a draw)'),
    reason: z.string().describe('why the game ended'),
    turn: z.number().int().describe('the last turn'),
    landed: z.number().int().describe('loot landed'),
  }),
]);

/** One Pig Wars event. */
export type PigEvent = z.infer<typeof pigEvents>;
/** The event of kind `K`. */
export type PigEventOf<K extends PigEvent['e']> = Extract<PigEvent, { e: K }>;
