// The browser's sheet model against the engines. src/sheet/vectors.json is written by
// the Python engines (`make sheet-vectors`, docs/sheet.md): whole games played by the
// engines and entered as sheets, worked examples of every rule, and refused entries,
// each with what the engine computed. Here every one of them is entered through the
// TypeScript model, which must compute exactly the same. This is how the browser's
// sheet avoids a second, unchecked copy of the rules: the engines produce the answers.

import { describe, expect, it } from 'vitest';
import { readGurkaEntry, readKrakenEntry, readSheet } from '../src/sheet/codec';
import type { GurkaSheet, KrakenSheet, Sheet } from '../src/sheet/document';
import { tally as gurkaTally } from '../src/sheet/gurka';
import { handRoemValues, reasonOf, tally as krakenTally, TRICK_ROEM } from '../src/sheet/kraken';
import vectors from '../src/sheet/vectors.json';
import { refusal } from './sheetHelpers';

interface Vector {
  name: string;
  sheet: unknown;
  expected: Record<string, unknown>;
}

interface RefusalVector {
  name: string;
  sheet: unknown;
  entry: unknown;
  code: string;
  message: string;
}

/** What the Kraken sheet computes, in the shape of KrakenSheet.summary() (docs/sheet.md). */
function krakenSummary(sheet: KrakenSheet) {
  const game = krakenTally(sheet.rules, sheet.rounds, sheet.first_dealer);
  return {
    rounds: game.rounds.map(({ number, dealer, result, totals }) => ({ number, dealer, ...result, reason: reasonOf(result), totals })),
    totals: game.totals,
    next_dealer: game.nextDealer,
    over: game.over,
    winner: game.winner,
    draw: game.draw,
  };
}

/** What the Gurka sheet computes, in the shape of GurkaSheet.summary(). */
function gurkaSummary(sheet: GurkaSheet) {
  const game = gurkaTally(sheet.rules, sheet.rounds, sheet.first_dealer);
  return {
    rounds: game.rounds,
    scores: game.scores,
    alive: game.alive,
    pot: game.pot,
    paid: game.paid,
    chips: game.chips,
    next_dealer: game.nextDealer,
    over: game.over,
    winners: game.winners,
  };
}

describe('the vectors file', () => {
  it('is the engines’ version 1 vectors, with games of both kinds and refusals', () => {
    expect(vectors.format).toBe('cardtable-sheet-vectors');
    expect(vectors.version).toBe(1);
    expect(vectors.kraken.length).toBeGreaterThan(20);
    expect(vectors.gurka.length).toBeGreaterThan(10);
    expect(vectors.refusals.length).toBeGreaterThan(10);
  });

  it('gives the roem a trick holds and a hand declares as the engine does', () => {
    expect([...TRICK_ROEM]).toEqual(vectors.trick_roem_values);
    const sorted = (values: Set<number>) => [...values].sort((a, b) => a - b);
    expect(sorted(handRoemValues(false))).toEqual(vectors.hand_roem_values.without_stuk);
    expect(sorted(handRoemValues(true))).toEqual(vectors.hand_roem_values.with_stuk);
  });
});

describe('Kraken sheets score as the engine', () => {
  for (const vector of vectors.kraken as Vector[]) {
    it(vector.name, () => {
      const sheet = readSheet(vector.sheet) as KrakenSheet;
      expect(sheet, 'the sheet reads back as it was written').toEqual(vector.sheet);
      const { rounds, ...rest } = vector.expected as { rounds: Record<string, unknown>[] };
      // reason_text is the engine's English; the page says the reason in its own words
      expect(krakenSummary(sheet)).toEqual({ ...rest, rounds: rounds.map(({ reason_text: _, ...round }) => round) });
    });
  }
});

describe('Gurka sheets score as the engine', () => {
  for (const vector of vectors.gurka as Vector[]) {
    it(vector.name, () => {
      const sheet = readSheet(vector.sheet) as GurkaSheet;
      expect(sheet, 'the sheet reads back as it was written').toEqual(vector.sheet);
      expect(gurkaSummary(sheet)).toEqual(vector.expected);
    });
  }
});

describe('refusals are the engine’s', () => {
  for (const vector of vectors.refusals as RefusalVector[]) {
    it(`${vector.name}: ${vector.code}`, () => {
      const sheet: Sheet = readSheet(vector.sheet);
      const enter = () => {
        const fresh = sheet.rounds.length + 1;
        if (sheet.game === 'kraken') {
          const entry = readKrakenEntry(vector.entry);
          krakenTally(sheet.rules, [...sheet.rounds, entry], sheet.first_dealer, fresh);
        } else {
          const entry = readGurkaEntry(vector.entry);
          gurkaTally(sheet.rules, [...sheet.rounds, entry], sheet.first_dealer, fresh);
        }
      };
      expect(refusal(enter)).toBe(vector.code);
    });
  }
});
