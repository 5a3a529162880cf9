/**
 * The events of Pirates! records (docs/records/pirates.md): how they write numbers — lengths to
 * hundredths of an inch, routes as their waypoints, facings in degrees — and their typed schema.
 */
import { z } from 'zod';
import type { StepContext } from '../../core/model.js';

/** Round to hundredths (for event fields: records stay readable and exact). */
export function r2(v: number): number {
  return Math.round(v * 100) / 100;
}

/**
 * A route as record data: the waypoints between its start and its end (the corners it turns
 * round), rounded to hundredths of an inch — the event's `from` and `to` are the ends, so a straight
 * move has `via: []`.
 */
export function viaData(points: readonly { x: number; y: number }[]): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 1; i < points.length - 1; i++) out.push([r2(points[i].x), r2(points[i].y)]);
  return out;
}

/** A facing as record data: degrees clockwise from east (0 = east, 90 = south), to a tenth. */
export function facingData(rad: number): number {
  let d = (rad * 180) / Math.PI;
  d = ((d % 360) + 360) % 360;
  return Math.round(d * 10) / 10;
}

// ───────────────────────────── the events, typed ─────────────────────────────

const id = (what: string) => z.string().describe(what);
const inches = (what: string) => z.number().describe(`${what} (inches)`);
const point = (what: string) => z.tuple([z.number(), z.number()]).describe(`${what}: [x, y] (inches, to hundredths)`);
const via = z
  .array(z.tuple([z.number(), z.number()]))
  .describe('the corners the route turns round between `from` and `to`: [[x, y], …] (inches, to hundredths); [] for a straight move');
const facing = z.number().describe('the facing after the step: degrees clockwise from east (0 = east, 90 = south), to a tenth');

/** What an attack did (§5.C, §5.E): the `attack` event's `result`. */
const attackResult = z
  .enum(['no effect', 'hit', 'runs away', 'killed', 'captured', 'not captured'])
  .describe('what the attack did (§5.C, §5.E)');

/** What an attack did (§5.C, §5.E). */
export type AttackResult = z.infer<typeof attackResult>;

/**
 * Every event a Pirates! game writes (docs/records/pirates.md): a zod discriminated union on `e`,
 * one member per event kind, each field described with its meaning and unit. Given to the ruleset
 * as `events`; {@link PiratesEvent} is its type.
 */
export const piratesEvents = z.discriminatedUnion('e', [
  z.object({
    e: z.literal('setup'),
    table: z.tuple([z.number(), z.number()]).describe('the table: [width, height] (inches)'),
    unit: z.literal('in').describe('the unit of every length and position: inches'),
    baseDiameter: inches("diameter of every figure's base"),
    figures: z
      .array(
        z.object({
          id: id("the figure's id"),
          side: id("its side's id"),
          group: id("its deployment group's id"),
          at: point('where its centre stands'),
          facing: z.number().describe('its facing: degrees clockwise from east, to a tenth'),
          weapon: z.string().describe("its weapon's name (§5.B(2), §7.A)"),
          loaded: z.boolean().describe('a missile weapon loaded at the start'),
          personality: z.boolean().describe('a personality (§5.B(2): +1 step attacking, −1 defending)'),
          mounted: z.boolean().describe('mounted (§4.C: top three of 4d10)'),
          band: z.number().describe('its band (−1: none yet)'),
        }),
      )
      .describe('every figure of the scenario, in id order: id, side, group, at, facing, weapon, loaded, personality, mounted, band'),
  }),
  z.object({ e: z.literal('turn'), turn: z.number().describe('the turn that begins (1, 2, …)') }),
  z.object({
    e: z.literal('moveRoll'),
    side: id('the side that rolls (§4.B–C: once a turn)'),
    dice: z.array(z.number()).describe('the three d10 rolled, in order'),
    allowance: inches("this turn's movement: the two highest dice"),
    broken: inches("this turn's movement over broken ground or uphill: the first two dice"),
    mountedDice: z.array(z.number()).optional().describe('for a side with mounted figures: the four d10 rolled for them'),
    mounted: z.number().optional().describe("the mounted figures' movement: the three highest of `mountedDice` (inches)"),
  }),
  z.object({
    e: z.literal('card'),
    card: z.string().describe("the card turned (§3.A): its face and suit, e.g. `7♠` (the suit's colour is the side)"),
    side: id('the side the card belongs to'),
    value: z.number().describe("the card's value: the most figures the band it activates may have (§3.B)"),
  }),
  z.object({
    e: z.literal('skip'),
    card: z.string().describe('the card passed over'),
    side: id('its side'),
    reason: z.string().describe('why, in words (no band of the side can answer it)'),
  }),
  z.object({ e: z.literal('pass'), side: id('the side that passes (§3.D)'), card: z.string().describe('the card it passes on') }),
  z.object({
    e: z.literal('activate'),
    side: id('the side of the card'),
    card: z.string().describe('the card that activates the band'),
    value: z.number().describe("the card's value"),
    band: z.number().describe('the band activated (its number, from 0 in order of forming)'),
    formed: z.boolean().describe('true when the band is formed by this card (§3.C), false for a band that already existed'),
    figures: z.array(z.string()).describe("the band's active members, in id order"),
  }),
  z.object({
    e: z.literal('groupMove'),
    band: z.number().describe('the band moving together (§4.D)'),
    to: z.string().describe('the destination key (`obj`, `home`, `cover`, `away`, `band`, `foe:<id>`)'),
    from: point("the followers' centre before"),
    centre: point('their centre after (the mean of their places)'),
    allowance: inches("the band's allowance: the smallest of its followers'"),
    slow: inches("the band's allowance over broken ground or uphill"),
    limit: inches('the most the centre may move along its way, after broken ground'),
    distance: inches('how far the centre moved, in a straight line'),
    steer: z
      .array(z.tuple([z.number(), z.number()]))
      .describe('the way the centre was steered along, [[x, y], …] (inches); its end is the point the followers stand round'),
    figures: z.array(z.string()).describe('the followers, in the order they were placed'),
  }),
  z.object({
    e: z.literal('move'),
    figure: id('the figure that moves'),
    kind: z
      .enum(['move', 'group', 'charge', 'moveFire'])
      .describe("its own move, a group move's follower, a charge (§6 move & fight) or a move & fire (§6)"),
    from: point('where it stood'),
    to: point('where it stands now'),
    allowance: inches('its allowance for this move (halved carrying booty, §11.C, and for move & fight or fire, §6)'),
    limit: inches('the most this move could go along its route, after broken ground or uphill'),
    path: inches("how far it went along its route (a follower: the distance its band's centre moved)"),
    via,
    facing,
  }),
  z.object({
    e: z.literal('blocked'),
    figure: id('the figure whose own move found no place').optional(),
    band: z.number().optional().describe('the band whose group move found no formation'),
    to: z.string().describe('the destination key it was to move toward'),
    figures: z.array(z.string()).optional().describe('a group move: the followers'),
    why: z
      .enum(['no way there', 'there already', 'no free place', 'cohesion', 'no room'])
      .describe(
        'why it stays put: `no way there` (no route, or its target is gone), `there already` (nothing left of the way once the stop short of it is taken off), `no free place` (every place along the way within the allowance is taken by another base), `cohesion` (every free place would take it more than 6 in from a band-mate, §3.F), `no room` (a group move: no formation of free places for every follower at the full move or ¾, ½, ¼ of it)',
      ),
    at: point('the place its allowance reached along the way').optional(),
    by: z.array(z.string()).optional().describe('the figures whose bases take that place'),
  }),
  z.object({
    e: z.literal('attack'),
    mode: z.enum(['fight', 'fire']).describe('melee (§5) or missile fire (§7)'),
    attacker: id('the attacking figure'),
    defender: id('the defending figure'),
    weapon: z.string().describe("the attacker's weapon (`hand to hand` for bare hands in melee)"),
    range: inches('the range, base edge to base edge'),
    baseDie: z.number().describe("the attacker's die before modifiers (sides: 4–12)"),
    modifiers: z
      .array(
        z.object({
          name: z.string().describe('the modifier (§5.B(2), §6)'),
          step: z.number().describe('die steps: +1 one die up, −1 one down'),
        }),
      )
      .describe('the die-step modifiers applied, each `{name, step}`'),
    cover: z.string().optional().describe('the cover area that gave the defender cover (§5.B(2)), when one did'),
    touched: z
      .array(z.string())
      .optional()
      .describe("cover areas the defender's base touches that gave no cover (not between, or the attacker stands in them)"),
    facing,
    attackerDie: z.number().describe("the attacker's die after modifiers (sides)"),
    defenderDie: z.number().describe("the defender's die: always a d6"),
    attackerRoll: z.number().describe("the attacker's roll"),
    defenderRoll: z.number().describe("the defender's roll"),
    margin: z.number().describe("attacker's roll − defender's roll"),
    capture: z.boolean().describe('a capture attempt (§5.E)'),
    hitsThisTurn: z.number().describe("the defender's hits (or capture points) this turn after the attack"),
    result: attackResult,
  }),
  z.object({ e: z.literal('drop'), figure: id('the figure that drops its booty (it runs or leaves play)') }),
  z.object({
    e: z.literal('kill'),
    figure: id('the figure killed (§5.C(1))'),
    side: id('its side'),
    killed: z.number().describe("that side's dead so far"),
  }),
  z.object({ e: z.literal('capture'), figure: id('the figure captured (§5.E)'), by: id('its captor') }),
  z.object({
    e: z.literal('morale'),
    side: id('the side that tests (§10)'),
    killed: z.number().describe('its dead so far'),
    roll: z.number().describe('its d10'),
    against: z.number().describe('the d10 it must equal or beat'),
    result: z.enum(['pass', 'fail']).describe('pass: it holds; fail: as many of its figures as it failed by run'),
    runners: z.array(z.string()).describe('the figures that run, nearest the death first'),
  }),
  z.object({
    e: z.literal('flee'),
    figure: id('the figure that starts to run for the rest of the game'),
    why: z.enum(['disengages', 'morale']).describe('an attack bettered it by 3 (§5.C(2)) or its side failed morale (§10)'),
    exit: z.number().describe("the table exit it runs for (index in the scenario's exits; −1: it runs home)"),
  }),
  z.object({
    e: z.literal('run'),
    figure: id('the running figure'),
    from: point('where it stood'),
    to: point('where it stands now (its refuge when gone)'),
    allowance: inches('its allowance this turn'),
    path: inches('how far it ran'),
    via,
    facing,
    gone: z.boolean().describe('it reached its refuge and left the table (or got back aboard)'),
  }),
  z.object({
    e: z.literal('pillage'),
    figure: id('the raider pillaging the objective (§11)'),
    booty: z.boolean().describe('this turn of pillage gave him a load of booty'),
    pillaged: z.number().describe('loads taken so far'),
  }),
  z.object({
    e: z.literal('land'),
    figure: id('the raider landing his load at home (§11.C)'),
    landed: z.number().describe('loads landed so far'),
  }),
  z.object({ e: z.literal('reload'), figure: id('the figure reloading (§8): loaded at the end of the turn') }),
  z.object({
    e: z.literal('turnEnd'),
    turn: z.number().describe('the turn that ends'),
    landed: z.number().describe('loads landed so far'),
    killed: z.tuple([z.number(), z.number()]).describe("each side's dead so far, in the scenario's side order"),
    reloaded: z.array(z.string()).describe('the figures whose reload finished'),
  }),
  z.object({
    e: z.literal('gameOver'),
    turn: z.number().describe('the turn it ended on'),
    winner: z.string().nullable().describe("the winning side's id (null: a draw)"),
    reason: z.string().describe('why, in words'),
  }),
]);

/** A Pirates! event (see {@link piratesEvents}). */
export type PiratesEvent = z.infer<typeof piratesEvents>;

/** What a Pirates! step may use: the dice and, when wanted, the typed events. */
export type PiratesCtx = StepContext<PiratesEvent>;
