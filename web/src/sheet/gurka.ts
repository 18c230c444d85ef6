// The Gurka score sheet's rules: a round's penalties (entered, or from the cards of
// the scoring trick), eliminations, buy-backs, the pot and the payout (docs/sheet.md,
// version 1).
//
// This is the browser's copy of the engine's game-level rules (cardtable.gurka.ledger
// and cardtable.sheet.gurka), kept so that the sheet works with no server. It is not a
// second, unchecked copy: the Python engines generate the expected results (and
// refusals) of every sheet in the checked-in vectors file named in docs/sheet.md, and
// tests/sheetVectors.test.ts enters each of them here and compares.

import { parseCard, rankValue } from '../lib/cards';
import { inRound, refuseUnless } from './errors';

/** The engine's Gurka rules (cardtable.gurka.Rules.to_dict()). */
export interface GurkaRules {
  players: number;
  stake: number;
  /** A player whose penalty score reaches this is out (30, or 20 in the variation). */
  eliminate_at: number;
  match_previous: boolean;
  must_head: boolean;
  aces_unbeatable: boolean;
  lead_lowest: boolean;
  /** Each player's first buy-back costs no stake. */
  free_rebuy: boolean;
  /** Only the last trick scores ('last'), or every trick ('every'). */
  penalty_tricks: 'last' | 'every';
}

export const DEFAULT_GURKA_RULES: GurkaRules = {
  players: 4,
  stake: 1,
  eliminate_at: 30,
  match_previous: false,
  must_head: false,
  aces_unbeatable: false,
  lead_lowest: false,
  free_rebuy: false,
  penalty_tricks: 'last',
};

/** One trick as entered: [seat, card] in the order played. */
export type Trick = [number, string][];

/** One round as entered: the penalties or the scoring trick(s), and the buy-backs after it. */
export interface GurkaEntry {
  /** Each seat's penalty (0 for seats that are out), or null when the tricks are given. */
  penalties: number[] | null;
  /** The tricks that score: the last (`penalty_tricks` 'last') or all six. */
  tricks: Trick[] | null;
  /** The seats that bought back in after this round (each was offered). */
  buybacks: number[];
}

const ACE = 14;
const SUITS = 4;
const HAND_SIZE = 6;

/** The penalty each card of a scoring trick takes: every card of the highest rank scores it (cardtable.gurka.trick.trick_penalties). */
export function trickPenalties(ranks: readonly number[]): number[] {
  const top = Math.max(...ranks);
  return ranks.map((r) => (r === top ? top : 0));
}

/** The ledger between rounds (cardtable.gurka.ledger.Ledger). */
export interface Ledger {
  scores: number[];
  alive: boolean[];
  paid: number[];
  buybacks: number[];
  won: number[];
  dealer: number;
  level: number;
  winners: number[];
}

function newLedger(rules: GurkaRules, dealer: number): Ledger {
  const n = rules.players;
  return {
    scores: new Array<number>(n).fill(0),
    alive: new Array<boolean>(n).fill(true),
    paid: new Array<number>(n).fill(rules.stake),
    buybacks: new Array<number>(n).fill(0),
    won: new Array<number>(n).fill(0),
    dealer,
    level: 0,
    winners: [],
  };
}

export function seatsIn(ledger: Ledger): number[] {
  return ledger.alive.flatMap((alive, seat) => (alive ? [seat] : []));
}

const pot = (ledger: Ledger) => ledger.paid.reduce((a, b) => a + b, 0);

/** What `seat` pays to buy back now: the stake, or nothing for a first buy-back with free rebuy. */
export function buybackCost(rules: GurkaRules, ledger: Ledger, seat: number): number {
  return rules.free_rebuy && !ledger.buybacks[seat] ? 0 : rules.stake;
}

function pay(ledger: Ledger, winners: number[]): void {
  const n = ledger.scores.length;
  const after = (s: number) => (s - ledger.dealer - 1 + 2 * n) % n;
  const ordered = [...winners].sort((a, b) => after(a) - after(b));
  const total = pot(ledger);
  const share = Math.floor(total / ordered.length);
  for (const s of ordered) ledger.won[s] += share;
  ledger.won[ordered[0]] += total - share * ordered.length;
  ledger.winners = ordered;
}

/** Score a finished round and eliminate; pay out at the end; the out seats offered a buy-back, in order (Ledger.end_round). */
function endRound(rules: GurkaRules, ledger: Ledger, seats: number[], penalties: number[]): number[] {
  for (const s of seats) {
    ledger.scores[s] += penalties[s];
    if (ledger.scores[s] >= rules.eliminate_at) ledger.alive[s] = false;
  }
  const still = seatsIn(ledger);
  if (still.length === 0) {
    const low = Math.min(...seats.map((s) => ledger.scores[s]));
    pay(
      ledger,
      seats.filter((s) => ledger.scores[s] === low),
    );
    return [];
  }
  if (still.length === 1) {
    pay(ledger, still);
    return [];
  }
  const n = rules.players;
  if (still.length >= 3 && still.length < n) {
    ledger.level = Math.max(...still.map((s) => ledger.scores[s]));
    const offered: number[] = [];
    for (let k = 1; k <= n; k++) if (!ledger.alive[(ledger.dealer + k) % n]) offered.push((ledger.dealer + k) % n);
    return offered;
  }
  return [];
}

function nextDealer(rules: GurkaRules, ledger: Ledger): void {
  const n = rules.players;
  for (let k = 1; k <= n; k++) {
    if (ledger.alive[(ledger.dealer + k) % n]) {
      ledger.dealer = (ledger.dealer + k) % n;
      return;
    }
  }
}

/** Each seat's penalty for `entry` when `seats` play the round; checked (cardtable.sheet.gurka.round_penalties). */
export function roundPenalties(entry: GurkaEntry, rules: GurkaRules, seats: readonly number[]): number[] {
  if (entry.tricks !== null) return penaltiesOfTricks(entry.tricks, rules, seats);
  const penalties = entry.penalties;
  refuseUnless(penalties !== null, 'entry');
  refuseUnless(penalties.length === rules.players, 'format');
  penalties.forEach((points, seat) => refuseUnless(seats.includes(seat) || !points, 'penalty_out', { seat, points }));
  const scored = seats.map((s) => penalties[s]).filter(Boolean);
  if (rules.penalty_tricks === 'every') {
    const high = HAND_SIZE * ACE;
    for (const points of penalties) refuseUnless(points >= 0 && points <= high, 'penalty_value', { points, high });
  } else {
    for (const points of penalties) refuseUnless(!points || (points >= 2 && points <= ACE), 'penalty_value', { points, high: ACE });
    refuseUnless(new Set(scored).size <= 1, 'penalty_ties');
    refuseUnless(scored.length <= SUITS, 'penalty_ties', {}, 'four');
  }
  refuseUnless(scored.length > 0, 'penalty_none');
  return [...penalties];
}

function penaltiesOfTricks(tricks: readonly Trick[], rules: GurkaRules, seats: readonly number[]): number[] {
  const expected = rules.penalty_tricks === 'every' ? HAND_SIZE : 1;
  refuseUnless(tricks.length === expected, 'trick_count', { expected, count: tricks.length });
  const penalties = new Array<number>(rules.players).fill(0);
  const seen = new Set<string>();
  const sorted = [...seats].sort((a, b) => a - b).join(',');
  for (const trick of tricks) {
    const played = trick.map(([seat]) => seat);
    refuseUnless([...played].sort((a, b) => a - b).join(',') === sorted && new Set(played).size === played.length, 'trick_seats');
    const ranks = trick.map(([, text]) => {
      const card = parseCard(text);
      refuseUnless(card !== null, 'trick_card', { card: text });
      refuseUnless(!seen.has(card.text), 'trick_card', { card: card.text }, 'twice');
      seen.add(card.text);
      return rankValue(card.rank);
    });
    trickPenalties(ranks).forEach((points, i) => (penalties[played[i]] += points));
  }
  return penalties;
}

/** A round of the sheet with what the rules make of it (cardtable.sheet.gurka.ScoredRound). */
export interface ScoredGurkaRound {
  number: number;
  dealer: number;
  /** The seats that played it. */
  seats: number[];
  penalties: number[];
  /** Seats put out by this round. */
  eliminated: number[];
  /** Out seats offered a buy-back, in the order they decide. */
  offered: number[];
  /** The score a player who buys back comes back at (null without offers). */
  level: number | null;
  bought_back: number[];
  /** Penalty scores after the round and its buy-backs. */
  scores: number[];
  /** Seats in after the buy-backs. */
  alive: number[];
  paid: number[];
  pot: number;
  /** Net chips per seat (pot won minus paid). */
  chips: number[];
  /** The seats that won the pot, if this round ended the game. */
  winners: number[];
}

/** Score one round on `ledger` (changed in place). */
function scoreRound(rules: GurkaRules, ledger: Ledger, number: number, entry: GurkaEntry): ScoredGurkaRound {
  refuseUnless(ledger.winners.length === 0, 'game_over');
  if (number > 1) nextDealer(rules, ledger);
  const seats = seatsIn(ledger);
  const penalties = roundPenalties(entry, rules, seats);
  const offered = endRound(rules, ledger, seats, penalties);
  const eliminated = seats.filter((s) => !ledger.alive[s]);
  refuseUnless(new Set(entry.buybacks).size === entry.buybacks.length, 'buyback', {}, 'twice');
  for (const seat of entry.buybacks) refuseUnless(offered.includes(seat), 'buyback', { seat });
  for (const seat of offered) {
    if (!entry.buybacks.includes(seat)) continue;
    ledger.paid[seat] += buybackCost(rules, ledger, seat);
    ledger.buybacks[seat] += 1;
    ledger.scores[seat] = ledger.level;
    ledger.alive[seat] = true;
  }
  return {
    number,
    dealer: ledger.dealer,
    seats,
    penalties,
    eliminated,
    offered,
    level: offered.length ? ledger.level : null,
    bought_back: [...entry.buybacks],
    scores: [...ledger.scores],
    alive: seatsIn(ledger),
    paid: [...ledger.paid],
    pot: pot(ledger),
    chips: ledger.won.map((w, s) => w - ledger.paid[s]),
    winners: [...ledger.winners],
  };
}

function copyLedger(ledger: Ledger): Ledger {
  return { ...ledger, scores: [...ledger.scores], alive: [...ledger.alive], paid: [...ledger.paid], buybacks: [...ledger.buybacks], won: [...ledger.won], winners: [...ledger.winners] };
}

export interface GurkaTally {
  rounds: ScoredGurkaRound[];
  /** The ledger after the last round. */
  ledger: Ledger;
  scores: number[];
  alive: number[];
  pot: number;
  paid: number[];
  chips: number[];
  /** The seat to deal the next round; null once over. */
  nextDealer: number | null;
  over: boolean;
  /** The seats that won the pot (several share a split pot); empty before the end. */
  winners: number[];
}

/** Score every round of a sheet (refusals as in the Kraken tally: `fresh` is the round being entered). */
export function tally(rules: GurkaRules, entries: readonly GurkaEntry[], firstDealer: number, fresh: number | null = null): GurkaTally {
  const ledger = newLedger(rules, firstDealer);
  const rounds = entries.map((entry, i) => {
    try {
      return scoreRound(rules, ledger, i + 1, entry);
    } catch (error) {
      throw inRound(error, i + 1, fresh);
    }
  });
  const over = ledger.winners.length > 0;
  let dealer: number | null = null;
  if (!over) {
    const next = copyLedger(ledger);
    if (rounds.length) nextDealer(rules, next);
    dealer = next.dealer;
  }
  return {
    rounds,
    ledger,
    scores: [...ledger.scores],
    alive: seatsIn(ledger),
    pot: pot(ledger),
    paid: [...ledger.paid],
    chips: ledger.won.map((w, s) => w - ledger.paid[s]),
    nextDealer: dealer,
    over,
    winners: [...ledger.winners],
  };
}

/** What the rules make of `entry` as the next round after `before`, changing nothing (eliminations, buy-back offers). */
export function previewRound(rules: GurkaRules, before: GurkaTally, entry: GurkaEntry): ScoredGurkaRound {
  return scoreRound(rules, copyLedger(before.ledger), before.rounds.length + 1, entry);
}
