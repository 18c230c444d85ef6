// Cards as the protocol writes them: a rank (2-9, T, J, Q, K, A) and a suit letter.
// Only display logic lives here (sorting a hand, which cards to dim): every rule is
// the server's, and the legal cards come from the observation's legal_actions.

import type { GameName } from './protocol';

export type Suit = 'C' | 'D' | 'H' | 'S';
export type Rank = '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | 'T' | 'J' | 'Q' | 'K' | 'A';

export interface Card {
  rank: Rank;
  suit: Suit;
  text: string;
}

export const SUITS: readonly Suit[] = ['C', 'D', 'H', 'S'];
const RANKS = '23456789TJQKA';

export function parseCard(text: string): Card | null {
  const m = /^([2-9TJQKA]|10)([CDHS])$/i.exec(text.trim());
  if (!m) return null;
  const rank = (m[1] === '10' ? 'T' : m[1].toUpperCase()) as Rank;
  const suit = m[2].toUpperCase() as Suit;
  return { rank, suit, text: rank + suit };
}

export function isRed(suit: Suit): boolean {
  return suit === 'D' || suit === 'H';
}

/** The symbol of a suit. */
export function suitSymbol(suit: Suit): string {
  return { C: '♣', D: '♦', H: '♥', S: '♠' }[suit];
}

/** The rank as printed on a card's corner. */
export function rankLabel(rank: Rank): string {
  return rank === 'T' ? '10' : rank;
}

/** Numeric rank 2..14 (ace high), as in Gurka. */
export function rankValue(rank: Rank): number {
  return RANKS.indexOf(rank) + 2;
}

// Kraken's card order, strongest first (for sorting a hand the way players hold it).
const KRAKEN_TRUMP_ORDER = 'J9ATKQ87';
const KRAKEN_PLAIN_ORDER = 'ATKQJ987';

/** The suit order for a hand: trump first, then alternating colours where possible. */
export function suitOrder(present: Iterable<Suit>, trump: Suit | null): Suit[] {
  const have = new Set(present);
  const base: Suit[] = ['S', 'H', 'C', 'D'];
  const rest = base.filter((s) => have.has(s) && s !== trump);
  const order: Suit[] = trump && have.has(trump) ? [trump] : [];
  // greedily alternate colours after the first suit
  while (rest.length) {
    const last = order[order.length - 1];
    const idx = last ? rest.findIndex((s) => isRed(s) !== isRed(last)) : 0;
    order.push(...rest.splice(idx < 0 ? 0 : idx, 1));
  }
  return order;
}

/** A hand sorted for display: Kraken by suit (trump first) and strength, Gurka by rank
 *  (only ranks matter there), lowest first. Unknown texts keep their place at the end. */
export function sortHand(game: GameName, hand: readonly string[], trump: string | null = null): string[] {
  const cards = hand.map((t) => ({ t, c: parseCard(t) }));
  const known = cards.filter((x): x is { t: string; c: Card } => x.c !== null);
  const unknown = cards.filter((x) => x.c === null).map((x) => x.t);
  if (game === 'gurka') {
    known.sort(
      (a, b) => rankValue(a.c.rank) - rankValue(b.c.rank) || SUITS.indexOf(a.c.suit) - SUITS.indexOf(b.c.suit),
    );
    return [...known.map((x) => x.c.text), ...unknown];
  }
  const trumpSuit = trump && SUITS.includes(trump as Suit) ? (trump as Suit) : null;
  const order = suitOrder(
    known.map((x) => x.c.suit),
    trumpSuit,
  );
  const strength = (c: Card) =>
    (c.suit === trumpSuit ? KRAKEN_TRUMP_ORDER : KRAKEN_PLAIN_ORDER).indexOf(c.rank);
  known.sort((a, b) => order.indexOf(a.c.suit) - order.indexOf(b.c.suit) || strength(a.c) - strength(b.c));
  return [...known.map((x) => x.c.text), ...unknown];
}

export interface HandCard {
  card: string;
  /** The server lists this card among the legal actions now. */
  legal: boolean;
  /** Shown dimmed: it is our turn to play a card and this one is not legal. */
  dimmed: boolean;
}

/** The hand as shown: sorted, with the legal cards marked and, when a card is to be
 *  played by us, the others dimmed. */
export function handView(
  game: GameName,
  hand: readonly string[],
  legalActions: readonly string[],
  trump: string | null = null,
): HandCard[] {
  const legal = new Set(legalActions.map((a) => parseCard(a)?.text).filter(Boolean));
  const choosingCard = legal.size > 0;
  return sortHand(game, hand, trump).map((card) => ({
    card,
    legal: legal.has(card),
    dimmed: choosingCard && !legal.has(card),
  }));
}
