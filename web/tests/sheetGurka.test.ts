// Worked examples of every rule the Gurka sheet applies (ties, eliminations, buy-backs
// at the level, free rebuy, the pot and split pots) and of every refusal. The engines'
// results for whole random games are checked in sheetVectors.test.ts.

import { describe, expect, it } from 'vitest';
import { refusal } from './sheetHelpers';
import { DEFAULT_GURKA_RULES, tally, trickPenalties, type GurkaEntry, type GurkaRules } from '../src/sheet/gurka';

const rules = (patch: Partial<GurkaRules> = {}): GurkaRules => ({ ...DEFAULT_GURKA_RULES, ...patch });
const pen = (penalties: number[], buybacks: number[] = []): GurkaEntry => ({ penalties, tricks: null, buybacks });
const trick = (cards: [number, string][], buybacks: number[] = []): GurkaEntry => ({ penalties: null, tricks: [cards], buybacks });


describe('penalties', () => {
  it('scores every card of the highest rank of the last trick (ties all score)', () => {
    expect(trickPenalties([9, 12, 3, 12])).toEqual([0, 12, 0, 12]);
    const game = tally(rules({ players: 3 }), [trick([[1, 'KS'], [2, 'KD'], [0, '4C']])], 0);
    expect(game.rounds[0].penalties).toEqual([0, 13, 13]);
    expect(tally(rules({ players: 3 }), [trick([[1, '10S'], [2, 'TD'], [0, '4C']])], 0).scores).toEqual([0, 10, 10]);
  });
});

describe('the game', () => {
  // penalties from every trick, so that a round's penalties may differ
  it('puts out at the limit, offers buy-backs clockwise from the dealer, and brings a buyer back at the level', () => {
    const r = rules({ players: 4, eliminate_at: 10, penalty_tricks: 'every' });
    const game = tally(r, [pen([12, 0, 3, 0], [0])], 0);
    const round = game.rounds[0];
    expect(round).toMatchObject({ eliminated: [0], offered: [0], level: 3, bought_back: [0] });
    expect(game).toMatchObject({ scores: [3, 0, 3, 0], paid: [2, 1, 1, 1], alive: [0, 1, 2, 3], pot: 5 });
    // everyone else is out but one: the last one in wins the pot
    const over = tally(r, [pen([12, 0, 3, 0], [0]), pen([10, 10, 10, 0])], 0);
    expect(over).toMatchObject({ over: true, winners: [3], chips: [-2, -1, -1, 4], nextDealer: null });
  });

  it('makes a first buy-back free with free rebuy', () => {
    const r = rules({ players: 4, eliminate_at: 10, free_rebuy: true, penalty_tricks: 'every' });
    const game = tally(r, [pen([12, 0, 3, 0], [0]), pen([0, 0, 0, 13])], 0);
    expect(game.paid).toEqual([1, 1, 1, 1]);
  });

  it('splits the pot among the lowest scores when nobody is left in', () => {
    const r = rules({ players: 3, eliminate_at: 10, stake: 5 });
    const game = tally(r, [pen([14, 14, 14])], 0);
    // a remainder would go to the first clockwise from the dealer's left
    expect(game).toMatchObject({ over: true, winners: [1, 2, 0], chips: [0, 0, 0] });
    const uneven = tally(rules({ players: 3, eliminate_at: 10, stake: 1, penalty_tricks: 'every' }), [pen([0, 9, 9]), pen([12, 2, 2])], 0);
    expect(uneven).toMatchObject({ over: true, winners: [2, 1], chips: [-1, 0, 1] });
  });

  it('passes the deal to the next seat in', () => {
    const r = rules({ players: 4, eliminate_at: 10 });
    const game = tally(r, [pen([0, 12, 0, 0])], 0);
    // seat 1 is out and declined: the deal passes from 0 over 1 to 2
    expect(game.nextDealer).toBe(2);
  });
});

describe('refusals', () => {
  const r = rules({ players: 4, eliminate_at: 10 });
  it('refuses penalties no last trick can give', () => {
    expect(refusal(() => tally(r, [pen([15, 0, 0, 0])], 0, 1))).toBe('penalty_value');
    expect(refusal(() => tally(r, [pen([1, 0, 0, 0])], 0, 1))).toBe('penalty_value');
    expect(refusal(() => tally(r, [pen([12, 13, 0, 0])], 0, 1))).toBe('penalty_ties');
    expect(refusal(() => tally(rules({ players: 5 }), [pen([5, 5, 5, 5, 5])], 0, 1))).toBe('penalty_ties');
    expect(refusal(() => tally(r, [pen([0, 0, 0, 0])], 0, 1))).toBe('penalty_none');
    expect(refusal(() => tally(r, [pen([0, 12, 0, 0]), pen([0, 3, 3, 0])], 0, 2))).toBe('penalty_out');
    expect(refusal(() => tally(r, [{ penalties: null, tricks: null, buybacks: [] }], 0, 1))).toBe('entry');
  });

  it('refuses impossible tricks', () => {
    expect(refusal(() => tally(r, [trick([[0, 'KS'], [1, 'KS'], [2, '2C'], [3, '3C']])], 0, 1))).toBe('trick_card');
    expect(refusal(() => tally(r, [trick([[0, 'XS'], [1, 'KS'], [2, '2C'], [3, '3C']])], 0, 1))).toBe('trick_card');
    expect(refusal(() => tally(r, [trick([[0, 'AS'], [1, 'KS'], [2, '2C']])], 0, 1))).toBe('trick_seats');
    expect(refusal(() => tally(rules({ penalty_tricks: 'every' }), [trick([[0, 'AS'], [1, 'KS'], [2, '2C'], [3, '3C']])], 0, 1))).toBe('trick_count');
  });

  it('refuses buy-backs not offered, a round after the end, and edits that break a later round', () => {
    expect(refusal(() => tally(r, [pen([3, 0, 0, 0], [0])], 0, 1))).toBe('buyback');
    expect(refusal(() => tally(r, [pen([12, 0, 0, 0], [0, 0])], 0, 1))).toBe('buyback');
    const over = [pen([10, 10, 10, 0])];
    expect(refusal(() => tally(r, [...over, pen([0, 0, 0, 3])], 0, 2))).toBe('game_over');
    // round 2 gives seat 0 a penalty; an edit of round 1 that puts seat 0 out breaks it
    const rounds = [pen([3, 0, 0, 0]), pen([5, 0, 0, 0])];
    expect(tally(r, rounds, 0).scores).toEqual([8, 0, 0, 0]);
    expect(refusal(() => tally(r, [pen([12, 0, 0, 0]), rounds[1]], 0, 1))).toBe('edit_conflict');
  });
});
