/**
 * Card activation on a deck kept as "which cards are still to be turned this turn" (a 0/1 flag per
 * card). A card is turned uniformly at random from those left, at the moment it is turned — the
 * same distribution as shuffling at the start of the turn, but the future order is never in the
 * state, so search agents cannot peek at it and re-played searches see fresh orders.
 * Deck per side or shared deck, pairs or singles, jokers: the ruleset decides what a card means;
 * the kit only keeps the flags.
 */
import { randInt, type Rng } from '../rng.js';

/** Put every card back (the reshuffle at a turn's start). */
export function refillDeck(inDeck: number[]): void {
  inDeck.fill(1);
}

/** Cards still to be turned this turn. */
export function cardsLeft(inDeck: readonly number[]): number {
  let left = 0;
  for (let i = 0; i < inDeck.length; i++) left += inDeck[i];
  return left;
}

/** Turn one card uniformly from those left (clearing its flag) and return its index; −1 when none is left. */
export function turnCard(inDeck: number[], rng: Rng): number {
  const left = cardsLeft(inDeck);
  if (left === 0) return -1;
  let k = randInt(rng, left);
  for (let i = 0; i < inDeck.length; i++) {
    if (!inDeck[i]) continue;
    if (k-- === 0) {
      inDeck[i] = 0;
      return i;
    }
  }
  return -1;
}

/**
 * Draw one chip from chips counted per owner (Pig Wars: each side's cards in one cup): an owner is
 * chosen with chance proportional to its chips left, one of its chips taken (its count lowered),
 * and its index returned; −1 when none is left. One `randInt` over all chips left: the same draw
 * as {@link turnCard} on a deck whose flags are the owners' chips in owner order.
 */
export function drawChip(left: number[], rng: Rng): number {
  let total = 0;
  for (let i = 0; i < left.length; i++) total += left[i];
  if (total === 0) return -1;
  let k = randInt(rng, total);
  for (let i = 0; i < left.length; i++) {
    if (k < left[i]) {
      left[i]--;
      return i;
    }
    k -= left[i];
  }
  return -1;
}
