/**
 * The events of an Escarmouche game, typed: one zod object per event kind, every field described
 * with its meaning and unit (the ruleset's `events`; docs/records/escarmouche.md says the same for a
 * reader of records). Places are table coordinates in the table's unit (inches in the built-in
 * scenarios), rounded to thousandths, as `[x, y]`; figures and sides are named by id.
 */
import { z } from 'zod';

const turn = z.number().int().describe('game turn, 1-based');
const figure = z.string().describe("the figure's id");
const sideId = z.string().describe("the side's id");
const place = z.tuple([z.number(), z.number()]);
const dice = z.array(z.number().int()).describe('the dice rolled, each 1–6');
const init = z
  .enum(['keep', 'figure', 'side', 'none'])
  .describe(
    "what the roll did to the initiative: `keep`, `figure` (a single 1: the figure's turn ends), `side` (the side's turn ends), `none` (an interrupt's roll: no bearing)",
  );
const ones = z.number().int().describe('1s among the active and passive dice');
const pool = z.number().int().describe('active dice the figure had accumulated before this action (0 for an interrupt)');
const stop = z
  .enum(['target', 'ground', 'blocked', 'keepOff', 'figure'])
  .describe(
    "why the straight line ended: `target` reached, `ground` (the terrain type changes just beyond), `blocked` (impassable ground or the table edge), `keepOff` (an enemy's zone of control), `figure` (another base)",
  );
const moveKey = z
  .string()
  .describe(
    "the destination the move was aimed at: `foe:<id>`, `friend:<id>`, `obj:<area>`, `cover:<area>`, `dir:<n|ne|…>`, `away` or `at:<x>,<y>` (a person's exact move)",
  );

/** Every Escarmouche event (a discriminated union on `e`). */
export const escEvents = z.discriminatedUnion('e', [
  z.object({
    e: z.literal('rollOff'),
    rolls: z
      .array(z.tuple([z.number().int(), z.number().int()]))
      .describe("the throws at set-up, each [first side's die, second side's die] in the scenario's side order, repeated on a tie"),
    first: sideId.describe('the side that won the roll-off and takes the first turn of every game turn'),
  }),
  z.object({ e: z.literal('turn'), turn, side: sideId.describe('the side whose turn begins') }),
  z.object({ e: z.literal('pick'), turn, side: sideId.describe('the side to act'), figure: figure.describe('the figure picked to act') }),
  z.object({ e: z.literal('pass'), turn, side: sideId.describe('the side that passes the rest of its turn') }),
  z.object({
    e: z.literal('move'),
    turn,
    figure: figure.describe('the moving figure'),
    toward: moveKey,
    from: place.describe('where its centre stood (table unit)'),
    to: place.describe('where its centre ends (table unit)'),
    stop,
    terrain: z.string().describe('the terrain type moved through'),
    dice: z.number().int().describe("passive dice of the move: the terrain's (MOVING table), at least 5 with a cannon"),
    zoc: z.boolean().describe("true when the move ended at an enemy's zone of control"),
    pool,
    skill: z.number().int().describe('passive dice the Rider skill turned active (mounted figures)'),
    active: dice.describe('active dice rolled (the pool, plus the skill)'),
    passive: dice.describe('passive dice rolled'),
    ones,
    init,
  }),
  z.object({
    e: z.literal('marshal'),
    turn,
    figure: figure.describe('the marshal'),
    followers: z.array(z.string()).describe('ids of the friends that went with the marshal, nearest first'),
    toward: moveKey,
    terrain: z.string().describe("the terrain type of the marshal's own line"),
    terrains: z.record(z.string(), z.string()).describe('each mover (id) → the terrain type its line goes through'),
    places: z
      .array(
        z.object({
          figure: z.string().describe("the mover's id"),
          from: place.describe('where it stood (table unit)'),
          to: place.describe('where it ends (table unit)'),
          stop,
          terrain: z.string().describe('the terrain type it moved through'),
        }),
      )
      .describe("each mover's line, the marshal first; empty when three 1s stopped everybody"),
    dice: z.number().int().describe('passive dice of the worst terrain any mover went through (5 with a cannon), before one per follower'),
    moved: z.boolean().describe('false when three or more 1s stopped everybody'),
    pool,
    skill: z.number().int().describe('passive dice the Leader skill turned active'),
    active: dice.describe('active dice rolled (the pool, plus the skill)'),
    passive: dice.describe('passive dice rolled (terrain dice plus one per follower, less the skill)'),
    ones,
    init,
  }),
  z.object({
    e: z.literal('develop'),
    turn,
    figure: figure.describe('the developing figure'),
    what: z
      .enum(['ready', 'cover', 'stand', 'rally', 'rearm'])
      .describe('the developing action: make ready, take cover, stand up, remove a Shaken marker, pick up a weapon'),
    pool,
    active: dice.describe('the pool plus one rolled (one die for an interrupt)'),
    ones,
    init,
    interrupt: z.boolean().describe('true when it is a reserved action used to interrupt (taking cover)'),
  }),
  z.object({
    e: z.literal('reserve'),
    turn,
    figure: figure.describe('the figure reserving an action'),
    pool,
    active: dice.describe('the pool plus one rolled'),
    ones,
    init,
  }),
  z.object({
    e: z.literal('interrupt'),
    turn,
    figure: figure.describe('the reserved figure that interrupts'),
    what: z.enum(['shoot', 'fight', 'cover']).describe('what it does'),
    target: z.string().describe("the enemy's id it shoots or fights ('' for cover)"),
  }),
  z.object({ e: z.literal('wait'), turn, side: sideId.describe('the side that lets the interrupt window go') }),
  z.object({
    e: z.literal('shoot'),
    turn,
    figure: figure.describe('the shooter (the director of a volley)'),
    target: figure.describe('the target'),
    weapon: z.string().describe('the missile weapon (`volley` for a volley)'),
    volley: z.array(z.string()).describe('ids of the friends adding their fire (empty for a lone shot)'),
    pool,
    bonus: z.number().int().describe('Artillerist bonus dice (a cannon)'),
    penalty: z.number().int().describe("the weapon's passive dice (the slowest weapon of a volley)"),
    factors: z.array(z.string()).describe('why active dice became passive, one entry per die'),
    skill: z.number().int().describe('passive dice the skill turned active'),
    active: dice.describe('active dice rolled'),
    passive: dice.describe('passive dice rolled'),
    score: z.number().int().describe("the shooter's score (DICE)"),
    defence: dice.describe("the target's dice (its rating)"),
    defScore: z.number().int().describe("the target's score"),
    ratings: z.tuple([z.number().int(), z.number().int()]).describe("the shooter's and the target's ratings (ties)"),
    won: z.boolean().describe('true when the shot hits home'),
    diff: z.number().int().describe('the winning difference of scores'),
    effect: z.string().describe('the Shooting Effects row applied (`none` when missed)'),
    hits: z.number().int().describe('wounds taken off the target'),
    ones,
    init,
    interrupt: z.boolean().describe('true when it is a reserved action used to interrupt'),
  }),
  z.object({
    e: z.literal('fight'),
    turn,
    figure: figure.describe('the attacker'),
    target: figure.describe('the defender'),
    mode: z
      .enum(['alone', 'all', 'massed', 'close'])
      .describe("alone; with every friend at the defender's zone of control; massed pike; inside the pikes"),
    contact: place
      .nullable()
      .describe("where the attacker's free move into base contact put it (table unit); null when it already touched"),
    contactHow: z.enum(['straight', 'aside', 'touching']).describe('how it came into base contact ([E40], [E40b])'),
    attackers: z.array(z.string()).describe("ids of the attacking side's figures in the fight, the attacker first"),
    defenders: z.array(z.string()).describe("ids of the defending side's figures in the fight, the defender first"),
    spent: z.array(z.string()).describe('ids of the supporting pikemen who used their turn (massed pike)'),
    pool,
    outnumber: z.tuple([z.number().int(), z.number().int()]).describe('outnumbering dice of the attacker and of the defender'),
    massed: z.tuple([z.number().int(), z.number().int()]).describe('massed pike dice of the attacker and of the defender'),
    factors: z.array(z.string()).describe("why the attacker's active dice became passive, one entry per die"),
    skill: z.number().int().describe('passive dice the skill turned active'),
    active: dice.describe("the attacker's active dice"),
    passive: dice.describe("the attacker's passive dice"),
    score: z.number().int().describe("the attacker's score"),
    defBase: z.number().int().describe("the defender's base dice (rating or fighting skill)"),
    defence: dice.describe("the defender's dice"),
    defScore: z.number().int().describe("the defender's score"),
    ratings: z.tuple([z.number().int(), z.number().int()]).describe("the attacker's and the defender's ratings (ties)"),
    winner: z.string().nullable().describe("the winner's id (null: a stand-off)"),
    loser: z.string().nullable().describe("the loser's id (null: a stand-off)"),
    diff: z.number().int().describe('the winning difference of scores'),
    firstStrike: z.string().nullable().describe('the principal whose side strikes first ([E46]), or null'),
    ignored: z.boolean().describe('true when first strike made the win count for nothing'),
    effect: z.string().describe('the Fighting Effects row applied to the loser (`none`)'),
    hits: z.number().int().describe('wounds taken off the loser'),
    ones,
    init,
    interrupt: z.boolean().describe('true when it is a reserved action used to interrupt'),
  }),
  z.object({
    e: z.literal('shift'),
    turn,
    figure: figure.describe('the figure pushed back or stepping apart'),
    why: z.enum(['pushed', 'apart']).describe("`pushed`: the loser's push-back; `apart`: a step to separate the combatants ([E40])"),
    from: place.describe('where it stood (table unit)'),
    to: place.describe('where it ends (table unit; equal to `from` when nothing moved)'),
    want: z.number().describe('the distance asked for (table unit)'),
    blocked: z.boolean().describe('true when it moved less than asked'),
    blockedBy: z
      .enum(['table edge', 'impassable', 'figure', 'zone of control'])
      .nullable()
      .describe('what stopped it (null when not blocked)'),
    blocker: z.string().nullable().describe("the area's or the figure's id that stopped it (null for the table edge or when not blocked)"),
  }),
  z.object({
    e: z.literal('out'),
    turn,
    figure: figure.describe('the figure out of action'),
    side: sideId.describe('its side'),
    out: z.number().int().describe('figures of that side out of action now'),
  }),
  z.object({
    e: z.literal('figureEnd'),
    turn,
    figure: figure.describe('the figure whose turn ends'),
    why: z
      .enum(['ended', 'one', 'side', 'out', 'cap', 'reserve'])
      .describe('why: it ended it, a single 1, the side lost the initiative, out of action, the action cap, a reserved action'),
    pool: z.number().int().describe('active dice lost with it'),
  }),
  z.object({
    e: z.literal('sideEnd'),
    turn,
    side: sideId.describe('the side whose turn ends'),
    why: z.string().describe('why, in words (passed, a second 1, two 1s in one roll, every figure has acted)'),
  }),
  z.object({
    e: z.literal('gameOver'),
    turn,
    winner: z.string().nullable().describe("the winning side's id (null: a draw)"),
    reason: z.string().describe('why the game ended, in words'),
  }),
]);

/** One Escarmouche event. */
export type EscEvent = z.infer<typeof escEvents>;
/** Its kinds. */
export type EscEventKind = EscEvent['e'];
/** Why a figure's turn ended (the `figureEnd` event's `why`). */
export type FigureEndWhy = Extract<EscEvent, { e: 'figureEnd' }>['why'];
