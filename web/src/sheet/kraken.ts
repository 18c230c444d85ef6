// The Kraken score sheet's rules: the checks of an entered round and what it scores,
// and the game it adds up to (docs/sheet.md, version 1).
//
// This is the browser's copy of the engine's scoring (cardtable.kraken.scoring,
// cardtable.kraken.roem, cardtable.sheet.kraken), kept so that the sheet works with
// no server. It is not a second, unchecked copy of the rules: the Python engines
// generate the expected results (and refusals) of every sheet in the checked-in
// vectors file named in docs/sheet.md, and tests/sheetVectors.test.ts enters each of
// them here and compares, so any difference fails the build.

import { inRound, refuseUnless } from './errors';

export const TOTAL_CARD_POINTS = 162;
export const MARS_BONUS = 100;
/** The multiplier of each challenge level: every challenge doubles the one before. */
export const CHALLENGE_LEVELS = { none: 1, contra: 2, re: 4, superkraken: 8 } as const;
export type Challenge = keyof typeof CHALLENGE_LEVELS;
export const CHALLENGES = Object.keys(CHALLENGE_LEVELS) as Challenge[];
export type Team = 0 | 1;
export type RoemMode = 'tricks' | 'hand' | 'none';

/** The engine's Kraken rules (cardtable.kraken.Rules.to_dict()); play rules do not matter to a sheet. */
export interface KrakenRules {
  trump_choice: string;
  random_fallback: string;
  play: string;
  roem: RoemMode;
  challenges: boolean;
  double_spades: boolean;
  multiply_roem: boolean;
  /** Rounds in a game (when there is no target score). */
  rounds: number;
  /** Play until a team reaches this, at the end of that round; null: `rounds` rounds. */
  target_score: number | null;
  deal: number[];
  /** The agreed partner signals (`none`, `high_asks`, `low_asks`); they do not change the score. */
  signals: string;
}

export const DEFAULT_KRAKEN_RULES: KrakenRules = {
  trump_choice: 'free',
  random_fallback: 'second_card',
  play: 'amsterdam',
  roem: 'tricks',
  challenges: true,
  double_spades: false,
  multiply_roem: true,
  rounds: 16,
  target_score: null,
  deal: [3, 2, 3],
  signals: 'none',
};

/** The engine's presets (cardtable.kraken.rules.PRESETS). */
export const KRAKEN_PRESETS: Record<string, Partial<KrakenRules>> = {
  amsterdam: {},
  rotterdam: { play: 'rotterdam' },
  g4a: { trump_choice: 'utrecht', roem: 'hand' },
};

/** One round as entered (a round of the sheet's JSON). */
export interface KrakenEntry {
  /** The declaring team (0: seats 0 and 2, 1: seats 1 and 3). */
  declarers: Team;
  /** The declaring seat, when the sheet names the players. */
  declarer: number | null;
  /** The team whose card points were counted. */
  points_of: Team;
  /** That team's card points, the last trick's 10 included (the other has the rest). */
  card_points: number;
  /** Spades were trump (the round counts double with `double_spades`). */
  spades: boolean;
  challenge: Challenge;
  /** The team that took every trick, or null. */
  mars: Team | null;
  /** Roem in tricks: each team's roem, one value per trick that held some. */
  roem: [number[], number[]];
  /** Roem from hand: each seat's declaration (0 for none). */
  declared: number[];
  /** Roem from hand: whether each seat's declaration includes stuk. */
  stuk: boolean[];
}

export function emptyEntry(): KrakenEntry {
  return {
    declarers: 0,
    declarer: null,
    points_of: 0,
    card_points: 0,
    spades: false,
    challenge: 'none',
    mars: null,
    roem: [[], []],
    declared: [0, 0, 0, 0],
    stuk: [false, false, false, false],
  };
}

/** What the rules make of a round (cardtable.kraken.scoring.RoundResult). */
export interface KrakenResult {
  card_points: [number, number];
  roem: [number, number];
  points: [number, number];
  declarers: Team;
  nat: boolean;
  mars: Team | null;
  multiplier: number;
}

/** Every roem one trick (four cards) can hold (cardtable.kraken.roem.trick_roem_values). */
export const TRICK_ROEM = [20, 40, 50, 70, 100, 200] as const;
/** One trick's roem that can only be a run with stuk in it. */
const WITH_STUK = [40, 70];

// -- roem from hand --------------------------------------------------------------

/** Runs in one suit's 8 ranks (bit 0: the seven ... bit 7: the ace): 3 is 20, 4 is 50, 5 or more 100. */
function handRuns(held: number): number {
  let total = 0;
  let length = 0;
  for (let bit = 0; bit <= 8; bit++) {
    if (bit < 8 && (held >> bit) & 1) length++;
    else {
      total += length >= 5 ? 100 : length === 4 ? 50 : length === 3 ? 20 : 0;
      length = 0;
    }
  }
  return total;
}

/** Fours of a kind among the ranks held in every suit: jacks 200; tens, queens, kings, aces 100. */
function fours(common: number): number {
  // bits: 7 8 9 T J Q K A
  const values = [0, 0, 0, 100, 200, 100, 100, 100];
  return values.reduce((sum, value, bit) => sum + ((common >> bit) & 1 ? value : 0), 0);
}

const KING_QUEEN = (1 << 5) | (1 << 6);
const handValues: Partial<Record<'true' | 'false', Set<number>>> = {};

/**
 * Every roem above 0 that a hand of eight cards (7 to ace) declares from hand, with
 * stuk or without (cardtable.kraken.roem.hand_roem_values): the hands are built suit
 * by suit (trump first) keeping the card count, the ranks held in every suit so far,
 * stuk, and the roem of the runs.
 */
export function handRoemValues(stuk: boolean): Set<number> {
  const cached = handValues[`${stuk}`];
  if (cached) return cached;
  const bits = (m: number) => {
    let n = 0;
    for (let x = m; x; x &= x - 1) n++;
    return n;
  };
  const masks = Array.from({ length: 256 }, (_, m) => ({ m, count: bits(m), runs: handRuns(m) }));
  let states = new Map<number, Set<number>>([[(0 << 9) | (255 << 1) | 0, new Set([0])]]);
  for (let suit = 0; suit < 4; suit++) {
    const following = new Map<number, Set<number>>();
    for (const [key, runs] of states) {
      const count = key >> 9;
      const common = (key >> 1) & 255;
      const has = key & 1;
      for (const { m, count: n, runs: r } of masks) {
        const total = count + n;
        if (total > 8) continue;
        const withStuk = has || (suit === 0 && (m & KING_QUEEN) === KING_QUEEN) ? 1 : 0;
        const next = (total << 9) | ((common & m) << 1) | withStuk;
        let set = following.get(next);
        if (!set) following.set(next, (set = new Set()));
        for (const value of runs) set.add(value + r);
      }
    }
    states = following;
  }
  const values = new Set<number>();
  for (const [key, found] of states) {
    if (key >> 9 !== 8 || (key & 1) !== (stuk ? 1 : 0)) continue;
    const extra = (stuk ? 20 : 0) + fours((key >> 1) & 255);
    for (const runs of found) if (runs + extra > 0) values.add(runs + extra);
  }
  handValues[`${stuk}`] = values;
  return values;
}

/**
 * The roem each team scores from hand declarations (cardtable.kraken.roem.declared_roem):
 * the team of the highest declaration scores all it declared, the other only its stuk;
 * equal highest, both keep their own.
 */
export function declaredRoem(declared: readonly number[], stuk: readonly boolean[]): [number, number] {
  const totals = [0, 0];
  const best = [0, 0];
  const stuks = [0, 0];
  declared.forEach((amount, seat) => {
    if (!amount) return;
    const team = seat % 2;
    totals[team] += amount;
    best[team] = Math.max(best[team], amount);
    if (stuk[seat]) stuks[team] += 20;
  });
  if (best[0] === best[1]) return [totals[0], totals[1]];
  return best[0] > best[1] ? [totals[0], stuks[1]] : [stuks[0], totals[1]];
}

// -- one round ---------------------------------------------------------------------

function checkRoem(entry: KrakenEntry, rules: KrakenRules): void {
  const handEntries = entry.declared.some(Boolean) || entry.stuk.some(Boolean);
  const items = [...entry.roem[0], ...entry.roem[1]];
  const trickEntries = items.length > 0;
  if (rules.roem === 'none') refuseUnless(!handEntries && !trickEntries, 'roem_mode', { mode: 'none' });
  if (rules.roem === 'tricks') {
    refuseUnless(!handEntries, 'roem_mode', { mode: 'tricks' });
    for (const value of items) refuseUnless((TRICK_ROEM as readonly number[]).includes(value), 'roem_value', { roem: value, allowed: TRICK_ROEM.join(', ') });
    refuseUnless(items.length <= 8, 'roem_tricks', { count: items.length });
    refuseUnless(items.filter((v) => WITH_STUK.includes(v)).length <= 1, 'roem_stuk');
    refuseUnless(items.filter((v) => v === 200).length <= 1, 'roem_fours', {}, 'jacks');
    refuseUnless(items.filter((v) => v === 100).length <= 4, 'roem_fours');
    if (entry.mars !== null) refuseUnless(entry.roem[1 - entry.mars].length === 0, 'mars_roem', { team: 1 - entry.mars });
  }
  if (rules.roem === 'hand') {
    refuseUnless(!trickEntries, 'roem_mode', { mode: 'hand' });
    entry.declared.forEach((value, seat) => {
      if (value) refuseUnless(handRoemValues(entry.stuk[seat]).has(value), 'declaration', { seat, roem: value });
      refuseUnless(!entry.stuk[seat] || value > 0, 'declaration', { seat }, 'stukAlone');
    });
    refuseUnless(entry.stuk.filter(Boolean).length <= 1, 'declaration', {}, 'twoStuks');
  }
}

/** The card points of both teams. */
export function cardPointsOf(entry: Pick<KrakenEntry, 'points_of' | 'card_points'>): [number, number] {
  const other = TOTAL_CARD_POINTS - entry.card_points;
  return entry.points_of === 0 ? [entry.card_points, other] : [other, entry.card_points];
}

/** Check `entry` against `rules` and score it as the engine does (cardtable.sheet.kraken.score_entry). */
export function scoreEntry(entry: KrakenEntry, rules: KrakenRules): KrakenResult {
  refuseUnless(Number.isInteger(entry.card_points) && entry.card_points >= 0 && entry.card_points <= TOTAL_CARD_POINTS, 'card_points', {
    points: entry.card_points,
    total: TOTAL_CARD_POINTS,
  });
  if (entry.declarer !== null) refuseUnless(entry.declarer % 2 === entry.declarers, 'declarer', { seat: entry.declarer, team: entry.declarers });
  refuseUnless(entry.challenge === 'none' || rules.challenges, 'challenge', { challenge: entry.challenge });
  const cardPoints = cardPointsOf(entry);
  if (entry.mars !== null) refuseUnless(cardPoints[entry.mars] === TOTAL_CARD_POINTS, 'mars_points', { team: entry.mars, points: cardPoints[entry.mars], total: TOTAL_CARD_POINTS });
  checkRoem(entry, rules);
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  const roem: [number, number] = rules.roem === 'hand' ? declaredRoem(entry.declared, entry.stuk) : [sum(entry.roem[0]), sum(entry.roem[1])];
  const multiplier = CHALLENGE_LEVELS[entry.challenge] * (rules.double_spades && entry.spades ? 2 : 1);
  return scoreRound(cardPoints, roem, entry.declarers, entry.mars, multiplier, rules.multiply_roem);
}

/**
 * Score a round (cardtable.kraken.scoring.score_round): the declarers make it only with
 * strictly more card points plus roem than the opponents; otherwise they are nat, score
 * 0, and the opponents score 162 plus both teams' roem. A team with every trick scores
 * 100 more (mars) unless it is nat. The multiplier multiplies everything, or with
 * `multiplyRoem` false the card points only.
 */
export function scoreRound(cardPoints: [number, number], roem: [number, number], declarers: Team, mars: Team | null, multiplier: number, multiplyRoem: boolean): KrakenResult {
  const defenders = (1 - declarers) as Team;
  const nat = cardPoints[declarers] + roem[declarers] <= cardPoints[defenders] + roem[defenders];
  const cards = [...cardPoints];
  const bonus = [...roem];
  if (nat) {
    cards[declarers] = 0;
    bonus[declarers] = 0;
    cards[defenders] = TOTAL_CARD_POINTS;
    bonus[defenders] = roem[0] + roem[1];
  }
  if (mars !== null && !(nat && mars === declarers)) bonus[mars] += MARS_BONUS;
  const bonusFactor = multiplyRoem ? multiplier : 1;
  return {
    card_points: [cardPoints[0], cardPoints[1]],
    roem: [roem[0], roem[1]],
    points: [cards[0] * multiplier + bonus[0] * bonusFactor, cards[1] * multiplier + bonus[1] * bonusFactor],
    declarers,
    nat,
    mars,
    multiplier,
  };
}

/** Why the declarers made it or went nat: each side's card points and roem (the `reason` of docs/sheet.md). */
export function reasonOf(result: KrakenResult): { nat: boolean; declarers: [number, number]; defenders: [number, number] } {
  const d = result.declarers;
  const o = 1 - d;
  return { nat: result.nat, declarers: [result.card_points[d], result.roem[d]], defenders: [result.card_points[o], result.roem[o]] };
}

// -- the game ----------------------------------------------------------------------

/** Whether the game is over after `played` rounds with these totals (cardtable.kraken.scoring.game_over). */
export function gameOver(rules: KrakenRules, played: number, totals: readonly number[]): boolean {
  if (rules.target_score !== null) return totals[0] >= rules.target_score || totals[1] >= rules.target_score;
  return played >= rules.rounds;
}

/** A round of the sheet with what the rules make of it. */
export interface ScoredKrakenRound {
  number: number;
  dealer: number;
  result: KrakenResult;
  /** The totals after this round. */
  totals: [number, number];
}

export interface KrakenTally {
  rounds: ScoredKrakenRound[];
  totals: [number, number];
  over: boolean;
  /** The winning team once over; null before and for a draw. */
  winner: Team | null;
  draw: boolean;
  /** The seat to deal the next round (the deal passes left); null once over. */
  nextDealer: number | null;
}

/**
 * Score every round of a sheet. A refused round throws; `fresh` is the number of the
 * round being entered or changed (refused as it is), any other refused round is an
 * `edit_conflict`.
 */
export function tally(rules: KrakenRules, entries: readonly KrakenEntry[], firstDealer: number, fresh: number | null = null): KrakenTally {
  const rounds: ScoredKrakenRound[] = [];
  let totals: [number, number] = [0, 0];
  entries.forEach((entry, i) => {
    const number = i + 1;
    let result: KrakenResult;
    try {
      refuseUnless(!gameOver(rules, i, totals), 'game_over');
      result = scoreEntry(entry, rules);
    } catch (error) {
      throw inRound(error, number, fresh);
    }
    totals = [totals[0] + result.points[0], totals[1] + result.points[1]];
    rounds.push({ number, dealer: (firstDealer + i) % 4, result, totals });
  });
  const over = gameOver(rules, rounds.length, totals);
  const winner = over && totals[0] !== totals[1] ? (totals[0] > totals[1] ? 0 : 1) : null;
  return { rounds, totals, over, winner, draw: over && winner === null, nextDealer: over ? null : (firstDealer + rounds.length) % 4 };
}
