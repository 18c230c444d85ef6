// Reading a sheet's JSON: optional fields take their defaults, anything malformed is
// refused with the code `format` and changes nothing.

import { describe, expect, it } from 'vitest';
import { refusal } from './sheetHelpers';
import { readGurkaEntry, readKrakenEntry, readSheet } from '../src/sheet/codec';


const kraken = { format: 'cardtable-sheet', version: 1, game: 'kraken', teams: ['Us', 'Them'], first_dealer: 2, rounds: [{ declarers: 1, points_of: 0, card_points: 70 }] };

describe('reading sheets', () => {
  it('fills in what may be left out', () => {
    const sheet = readSheet(kraken);
    expect(sheet).toMatchObject({ title: '', players: null, rules: { roem: 'tricks', rounds: 16, target_score: null } });
    expect(sheet.rounds[0]).toEqual({ declarers: 1, declarer: null, points_of: 0, card_points: 70, spades: false, challenge: 'none', mars: null, roem: [[], []], declared: [0, 0, 0, 0], stuk: [false, false, false, false] });
    // the engine's rules as it writes them now, partner signals included (they do not change the score)
    expect(readSheet({ ...kraken, rules: { signals: 'high_asks' } }).rules).toMatchObject({ signals: 'high_asks' });
    expect(sheet.rules).toMatchObject({ signals: 'none' });
    expect(readGurkaEntry({ penalties: [0, 13, 0] })).toEqual({ penalties: [0, 13, 0], tricks: null, buybacks: [] });
  });

  it('refuses what is malformed', () => {
    expect(refusal(() => readSheet({ ...kraken, version: 2 }))).toBe('format');
    expect(refusal(() => readSheet({ ...kraken, colour: 'red' }))).toBe('format');
    expect(refusal(() => readSheet({ ...kraken, rules: { roem: 'double' } }))).toBe('format');
    expect(refusal(() => readSheet({ ...kraken, rules: { signals: 'peter' } }))).toBe('format');
    expect(refusal(() => readSheet({ ...kraken, teams: ['Us'] }))).toBe('format');
    expect(refusal(() => readKrakenEntry({ declarers: 0, points_of: 0 }))).toBe('format');
    expect(refusal(() => readKrakenEntry({ declarers: 0, points_of: 0, card_points: 90, challenge: 'double' }))).toBe('format');
    expect(refusal(() => readGurkaEntry({ penalties: [1], tricks: [] }))).toBe('entry');
    // a round the rules refuse is refused when the sheet is read
    expect(refusal(() => readSheet({ ...kraken, rounds: [{ declarers: 1, points_of: 0, card_points: 170 }] }))).toBe('card_points');
  });
});
