/**
 * The tables of Pirates! (pirates.txt): arms (§5.B(2)), firing ranges (§7.A) and the card deck
 * equivalents (§12), plus the deck-building rule of §2 for forces the table does not cover.
 */

/** How a weapon fights in melee (§5.B(2)): its base die, and whether it makes the holder "armed". */
export interface MeleeArm {
  /** Base die of the attacker in melee (4, 6, 8, 10 or 12). */
  die: number;
  /** True when a defender holding it counts as "Defender armed" (down 1 for the attacker). */
  armed: boolean;
}

/** One range band of a missile weapon (§7.A): up to `maxRange` inches, the base die is `die`. */
export interface RangeBand {
  maxRange: number;
  die: number;
}

/** A weapon: its melee use and, for missile weapons, its range bands (nearest first). */
export interface Weapon {
  id: string;
  /** Plain name for stories. */
  name: string;
  melee: MeleeArm;
  /** Range bands, nearest first; empty for hand weapons. */
  ranges: RangeBand[];
  /** True for the deck cannon: never fired while the ship is in port (§7.A). */
  shipGun?: boolean;
}

/** Melee die of a figure with no hand weapon (§5.B(2) "Hand to hand d4"). */
export const HAND_TO_HAND: MeleeArm = { die: 4, armed: false };

/**
 * The arms of §5.B(2) and §7.A. Missile weapons fight hand to hand in melee (d4, unarmed):
 * see docs/rules/pirates.md §5.B.
 */
export const WEAPONS: Readonly<Record<string, Weapon>> = {
  cutlass: { id: 'cutlass', name: 'cutlass', melee: { die: 8, armed: true }, ranges: [] },
  sword: { id: 'sword', name: 'sword', melee: { die: 8, armed: true }, ranges: [] },
  dagger: { id: 'dagger', name: 'dagger', melee: { die: 6, armed: true }, ranges: [] },
  knife: { id: 'knife', name: 'knife', melee: { die: 6, armed: true }, ranges: [] },
  'hand-axe': { id: 'hand-axe', name: 'hand axe', melee: { die: 6, armed: true }, ranges: [] },
  club: { id: 'club', name: 'club', melee: { die: 6, armed: true }, ranges: [] },
  'belaying-pin': { id: 'belaying-pin', name: 'belaying pin', melee: { die: 6, armed: true }, ranges: [] },
  none: { id: 'none', name: 'bare hands', melee: HAND_TO_HAND, ranges: [] },
  pistol: {
    id: 'pistol',
    name: 'pistol',
    melee: HAND_TO_HAND,
    ranges: [
      { maxRange: 5, die: 10 },
      { maxRange: 10, die: 8 },
      { maxRange: 15, die: 6 },
    ],
  },
  rifle: {
    id: 'rifle',
    name: 'rifle',
    melee: HAND_TO_HAND,
    ranges: [
      { maxRange: 10, die: 10 },
      { maxRange: 20, die: 8 },
      { maxRange: 30, die: 6 },
    ],
  },
  'swivel-gun': {
    id: 'swivel-gun',
    name: 'swivel gun',
    melee: HAND_TO_HAND,
    ranges: [
      { maxRange: 30, die: 10 },
      { maxRange: 50, die: 8 },
    ],
  },
  'deck-cannon': {
    id: 'deck-cannon',
    name: 'deck cannon',
    melee: HAND_TO_HAND,
    ranges: [{ maxRange: 100, die: 10 }],
    shipGun: true,
  },
};

/** The base die for firing `weapon` at `range` inches base to base (§7.A), or 0 when out of range. */
export function fireDie(weapon: Weapon, range: number): number {
  for (const b of weapon.ranges) if (range <= b.maxRange + 1e-9) return b.die;
  return 0;
}

/** Longest range of a weapon in inches (0 for hand weapons). */
export function maxRange(weapon: Weapon): number {
  return weapon.ranges.length ? weapon.ranges[weapon.ranges.length - 1].maxRange : 0;
}

/**
 * §12 "Card Deck Equivalents": number of figures → card values (Ace = 1). Rows cover 10–40
 * figures; each row's values sum to ⌈figures / 2⌉ (§2.C).
 */
export const DECK_TABLE: ReadonlyArray<{ figures: readonly number[]; cards: readonly number[] }> = [
  { figures: [10], cards: [1, 2, 2] },
  { figures: [11, 12], cards: [1, 1, 2, 2] },
  { figures: [13, 14], cards: [1, 1, 2, 3] },
  { figures: [15, 16], cards: [1, 1, 3, 3] },
  { figures: [17, 18], cards: [1, 1, 2, 2, 3] },
  { figures: [19, 20], cards: [1, 1, 2, 3, 3] },
  { figures: [21, 22], cards: [1, 1, 2, 3, 4] },
  { figures: [23, 24], cards: [1, 1, 2, 2, 3, 3] },
  { figures: [25, 26], cards: [1, 1, 2, 2, 3, 4] },
  { figures: [27, 28], cards: [1, 1, 2, 3, 3, 4] },
  { figures: [29, 30], cards: [1, 1, 2, 3, 4, 4] },
  { figures: [31, 32], cards: [1, 1, 2, 2, 3, 3, 4] },
  { figures: [33, 34], cards: [1, 1, 2, 2, 3, 4, 4] },
  { figures: [35, 36], cards: [1, 1, 2, 2, 3, 4, 5] },
  { figures: [37, 38], cards: [1, 1, 2, 2, 4, 4, 5] },
  { figures: [39, 40], cards: [1, 1, 2, 2, 3, 3, 4, 4] },
];

/**
 * The activation cards (values, ascending) for a side of `figures` figures: the §12 row when
 * 10 ≤ figures ≤ 40; otherwise §2.C–D — ⌈figures/2⌉ card points from the lowest cards, at most two
 * of each value (the two suits of the side's colour). See docs/rules/pirates.md §2.
 * Precondition: figures ≥ 1.
 */
export function deckForFigures(figures: number): number[] {
  const row = DECK_TABLE.find((r) => r.figures.includes(figures));
  if (row) return [...row.cards];
  const points = Math.ceil(figures / 2);
  const cards: number[] = [];
  let sum = 0;
  for (let v = 1; ; v++) {
    let placed = false;
    for (let copy = 0; copy < 2; copy++) {
      if (sum + v <= points) {
        cards.push(v);
        sum += v;
        placed = true;
      }
    }
    if (!placed || sum === points) break;
  }
  const rest = points - sum;
  if (rest > 0) {
    const copies = cards.filter((c) => c === rest).length;
    if (copies < 2) cards.push(rest);
    else cards[cards.length - 1] += rest;
  }
  return cards.sort((a, b) => a - b);
}

/** Card face for a value: A, 2 … 10, J, Q, K. */
export function cardFace(value: number): string {
  if (value === 1) return 'A';
  if (value <= 10) return String(value);
  return ['J', 'Q', 'K'][value - 11] ?? String(value);
}
