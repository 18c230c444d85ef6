// Worked examples of every rule the Kraken sheet applies, and of every refusal. The
// engines' own results for thousands of rounds are checked in sheetVectors.test.ts;
// these say in small cases what each rule does.

import { describe, expect, it } from 'vitest';
import { refusal } from './sheetHelpers';
import { DEFAULT_KRAKEN_RULES, declaredRoem, emptyEntry, handRoemValues, scoreEntry, tally, type KrakenEntry, type KrakenRules } from '../src/sheet/kraken';

const rules = (patch: Partial<KrakenRules> = {}): KrakenRules => ({ ...DEFAULT_KRAKEN_RULES, ...patch });
const entry = (patch: Partial<KrakenEntry>): KrakenEntry => ({ ...emptyEntry(), ...patch });


describe('scoring a round', () => {
  it('makes it with more card points plus roem than the defenders', () => {
    const r = scoreEntry(entry({ declarers: 0, card_points: 82, roem: [[20], []] }), rules());
    expect(r).toMatchObject({ nat: false, card_points: [82, 80], roem: [20, 0], points: [102, 80], multiplier: 1 });
  });

  it('is nat at equal points: the defenders take 162 and all the roem', () => {
    const r = scoreEntry(entry({ declarers: 0, card_points: 81, roem: [[20], [20]] }), rules());
    expect(r).toMatchObject({ nat: true, points: [0, 202] });
    const counted = scoreEntry(entry({ declarers: 1, points_of: 1, card_points: 81 }), rules());
    expect(counted).toMatchObject({ nat: true, points: [162, 0] });
  });

  it('gives mars 100 more, but not to nat declarers', () => {
    expect(scoreEntry(entry({ declarers: 0, card_points: 162, mars: 0, roem: [[50], []] }), rules()).points).toEqual([312, 0]);
    // the defenders took every trick: the declarers are nat and the defenders get mars too
    expect(scoreEntry(entry({ declarers: 0, points_of: 1, card_points: 162, mars: 1 }), rules()).points).toEqual([0, 262]);
  });

  it('multiplies by the challenge, roem too unless multiply_roem is off', () => {
    const e = entry({ declarers: 0, card_points: 100, roem: [[20], []], challenge: 'contra' });
    expect(scoreEntry(e, rules()).points).toEqual([240, 124]);
    expect(scoreEntry({ ...e, challenge: 're' }, rules()).points).toEqual([480, 248]);
    expect(scoreEntry({ ...e, challenge: 'superkraken' }, rules()).points).toEqual([960, 496]);
    expect(scoreEntry({ ...e, challenge: 'superkraken' }, rules({ multiply_roem: false })).points).toEqual([820, 496]);
    const mars = entry({ declarers: 0, card_points: 162, mars: 0, challenge: 'contra' });
    expect(scoreEntry(mars, rules({ multiply_roem: false })).points).toEqual([424, 0]);
  });

  it('doubles spades only with double_spades', () => {
    const e = entry({ declarers: 1, points_of: 1, card_points: 90, spades: true, challenge: 'contra' });
    expect(scoreEntry(e, rules({ double_spades: true }))).toMatchObject({ multiplier: 4, points: [288, 360] });
    expect(scoreEntry(e, rules())).toMatchObject({ multiplier: 2 });
  });

  it('compares declarations from hand: the highest single declaration takes its team all, the other keeps stuk', () => {
    expect(declaredRoem([50, 40, 0, 0], [false, true, false, false])).toEqual([50, 20]);
    expect(declaredRoem([50, 50, 0, 0], [false, false, false, false])).toEqual([50, 50]);
    expect(declaredRoem([20, 0, 20, 100], [false, false, false, false])).toEqual([0, 100]);
    const r = scoreEntry(entry({ declarers: 0, card_points: 70, declared: [0, 20, 50, 0] }), rules({ roem: 'hand' }));
    expect(r).toMatchObject({ roem: [50, 0], nat: false, points: [120, 92] });
  });

  it('knows which declarations a hand can make', () => {
    const plain = handRoemValues(false);
    const stuk = handRoemValues(true);
    expect(plain.has(20) && plain.has(50) && plain.has(100) && plain.has(200)).toBe(true);
    expect(plain.has(30) || plain.has(10)).toBe(false);
    expect([...stuk].sort((a, b) => a - b).slice(0, 4)).toEqual([20, 40, 60, 70]);
  });
});

describe('refusals', () => {
  it('refuses what no round can be', () => {
    expect(refusal(() => scoreEntry(entry({ card_points: 163 }), rules()))).toBe('card_points');
    expect(refusal(() => scoreEntry(entry({ declarers: 0, declarer: 1, card_points: 90 }), rules()))).toBe('declarer');
    expect(refusal(() => scoreEntry(entry({ card_points: 90, challenge: 'contra' }), rules({ challenges: false })))).toBe('challenge');
    expect(refusal(() => scoreEntry(entry({ card_points: 152, mars: 0 }), rules()))).toBe('mars_points');
    expect(refusal(() => scoreEntry(entry({ card_points: 162, mars: 0, roem: [[], [20]] }), rules()))).toBe('mars_roem');
    expect(refusal(() => scoreEntry(entry({ card_points: 90, roem: [[30], []] }), rules()))).toBe('roem_value');
    expect(refusal(() => scoreEntry(entry({ card_points: 90, roem: [[20, 20, 20, 20, 20], [20, 20, 20, 20]] }), rules()))).toBe('roem_tricks');
    expect(refusal(() => scoreEntry(entry({ card_points: 90, roem: [[40], [70]] }), rules()))).toBe('roem_stuk');
    expect(refusal(() => scoreEntry(entry({ card_points: 90, roem: [[200], [200]] }), rules()))).toBe('roem_fours');
    expect(refusal(() => scoreEntry(entry({ card_points: 90, roem: [[100, 100, 100], [100, 100]] }), rules()))).toBe('roem_fours');
    expect(refusal(() => scoreEntry(entry({ card_points: 90, roem: [[20], []] }), rules({ roem: 'none' })))).toBe('roem_mode');
    expect(refusal(() => scoreEntry(entry({ card_points: 90, roem: [[20], []] }), rules({ roem: 'hand' })))).toBe('roem_mode');
    expect(refusal(() => scoreEntry(entry({ card_points: 90, declared: [20, 0, 0, 0] }), rules()))).toBe('roem_mode');
    expect(refusal(() => scoreEntry(entry({ card_points: 90, declared: [30, 0, 0, 0] }), rules({ roem: 'hand' })))).toBe('declaration');
    expect(refusal(() => scoreEntry(entry({ card_points: 90, stuk: [true, false, false, false] }), rules({ roem: 'hand' })))).toBe('declaration');
    const twoStuks = entry({ card_points: 90, declared: [20, 20, 0, 0], stuk: [true, true, false, false] });
    expect(refusal(() => scoreEntry(twoStuks, rules({ roem: 'hand' })))).toBe('declaration');
  });
});

describe('the game', () => {
  const made = (points: number, team: 0 | 1 = 0) => entry({ declarers: team, points_of: team, card_points: points });

  it('passes the deal left and ends after its rounds; equal totals are a draw', () => {
    const two = rules({ rounds: 2 });
    const first = tally(two, [made(100)], 3);
    expect(first).toMatchObject({ over: false, nextDealer: 0, totals: [100, 62] });
    expect(first.rounds[0].dealer).toBe(3);
    const over = tally(two, [made(100), made(100, 1)], 3);
    expect(over).toMatchObject({ over: true, winner: null, draw: true, nextDealer: null, totals: [162, 162] });
    expect(refusal(() => tally(two, [made(100), made(100, 1), made(90)], 3, 3))).toBe('game_over');
  });

  it('ends a target-score game with the round in which a team reaches it; the higher total wins', () => {
    const target = rules({ target_score: 750 });
    const superkraken = (points: number, team: 0 | 1) => ({ ...made(points, team), challenge: 'superkraken' as const });
    const game = tally(target, [made(100), superkraken(100, 0)], 0);
    expect(game).toMatchObject({ over: true, winner: 0, totals: [900, 558] });
    expect(tally(target, [made(100)], 0).over).toBe(false);
    // both teams reach 300 in round 3: the higher total wins
    const both = tally(rules({ target_score: 300 }), [made(100), made(100, 1), { ...made(100), challenge: 're' }], 0);
    expect(both).toMatchObject({ over: true, winner: 0, totals: [562, 410] });
    // both reach 150 in round 2 with equal totals: a draw
    expect(tally(rules({ target_score: 150 }), [made(100), made(100, 1)], 0)).toMatchObject({ over: true, winner: null, draw: true });
  });

  it('turns an edit that ends the game earlier into an edit conflict for the later rounds', () => {
    const short = rules({ target_score: 350 });
    const rounds = [made(100), made(100), made(100)];
    expect(tally(short, rounds, 0).over).toBe(false);
    const edited = [{ ...made(100), challenge: 'superkraken' as const }, made(100), made(100)];
    expect(refusal(() => tally(short, edited, 0, 1))).toBe('edit_conflict');
  });
});
