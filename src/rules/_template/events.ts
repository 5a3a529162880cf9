/**
 * The Duel events as a zod discriminated union on `e` (README.md, "Records"): one member per event
 * kind, every field described with its meaning and unit. The ruleset passes {@link duelEvents} as
 * its `events` (checked where events cross the record boundary), and {@link DuelEvent} — the type
 * every emitter, story and invariant uses — is inferred from it, so a field read is typed and needs
 * no cast. records.md in this folder documents the same fields for readers of records.
 *
 * Depends on nothing in the room: the turn machine and the actions emit these events, story.ts and
 * invariants.ts read them. Lengths in inches rounded to 3 decimals; figures and sides by id. No
 * field may be named `t`: a record writes an event as `{t: 'event', ...event}`, and a field `t` would
 * overwrite the line's kind.
 */
import { z } from 'zod';

const point = z.tuple([z.number(), z.number()]).describe('[x, y] in inches, rounded to 3 decimals');
const figure = (what: string) => z.string().describe(`${what}: a figure id of the scenario`);

/** Every event kind of Duel. */
export const duelEvents = z.discriminatedUnion('e', [
  z
    .object({
      e: z.literal('turn'),
      turn: z.number().int().describe('the turn number, 1-based (§2)'),
      side: z.string().describe('the side whose turn begins (side id)'),
    })
    .describe("a side's turn begins (§2)"),
  z
    .object({
      e: z.literal('move'),
      f: figure('the figure that moves'),
      toward: z
        .string()
        .describe(
          'what it heads for: `foe:<id>` (base contact with that enemy), `cover` (the nearest place in a wood) or `point` (an exact place)',
        ),
      from: point.describe('where its centre stood (inches)'),
      to: point.describe('where its centre ends (inches)'),
      path: z.array(point).describe('the route its centre took, first point `from`, last `to` (inches)'),
      length: z.number().describe('length of the route (inches)'),
      limit: z.number().describe('the most it could go along this route: 6, or 3 when the route enters or starts in a wood (§3) (inches)'),
    })
    .describe('a figure moves (§3)'),
  z
    .object({
      e: z.literal('shoot'),
      f: figure('the shooter'),
      target: figure('the target'),
      gap: z.number().describe('distance between the two bases, edge to edge (inches; at most 12, §4)'),
      cover: z.string().nullable().describe('the wood that hides the target from the shooter (terrain id), or null (§4)'),
      need: z.number().int().describe('the score the die needs: 4, or 5 against a target in cover (§4)'),
      roll: z.number().int().describe('the D6 rolled (1–6)'),
      hit: z.boolean().describe('true when roll ≥ need: the target goes down'),
    })
    .describe('a figure shoots (§4)'),
  z
    .object({
      e: z.literal('fight'),
      f: figure('the figure that strikes'),
      target: figure('the enemy in base contact it fights'),
      roll: z.number().int().describe("the striker's D6 (1–6)"),
      bonus: z.number().int().describe("added to the striker's roll: +1 for striking (§5)"),
      against: z.number().int().describe("the enemy's D6 (1–6)"),
      loser: z.string().nullable().describe('the figure that goes down (the lower total), or null on a tie (§5)'),
    })
    .describe('a fight in base contact (§5)'),
  z
    .object({
      e: z.literal('hold'),
      f: figure('the figure that holds'),
    })
    .describe('a figure does nothing this activation (§2)'),
  z
    .object({
      e: z.literal('down'),
      f: figure('the figure that goes down (removed from the table)'),
      side: z.string().describe('its side (side id)'),
      down: z.number().int().describe('figures of that side down now, this one counted'),
      of: z.number().int().describe('figures the side started with'),
    })
    .describe('a figure goes down (§4, §5)'),
  z
    .object({
      e: z.literal('broken'),
      side: z.string().describe('the side that breaks (side id)'),
      down: z.number().int().describe('its figures down'),
      of: z.number().int().describe('figures it started with (half or more are down, §6)'),
    })
    .describe('a side breaks: it loses (§6)'),
  z
    .object({
      e: z.literal('over'),
      winner: z.string().nullable().describe('the winning side (side id), or null for a draw'),
      reason: z.string().describe('why, in plain words'),
    })
    .describe('the game ends (§6)'),
]);

/** One Duel event (the type of {@link duelEvents}). */
export type DuelEvent = z.infer<typeof duelEvents>;

/** A position rounded for records (3 decimals, inches). */
export function pt(x: number, y: number): [number, number] {
  return [r3(x), r3(y)];
}

/** A length rounded for records (3 decimals, inches). */
export function r3(v: number): number {
  return Math.round(v * 1000) / 1000;
}
