// The CSV export: the terminal's columns (cardtable.sheet.export), quoting where a
// field needs it, and names that a spreadsheet would run as formulas defused.

import { describe, expect, it } from 'vitest';
import { newGurkaSheet, newKrakenSheet } from '../src/sheet/document';
import { csvField, sheetCsv } from '../src/sheet/export';
import { emptyEntry } from '../src/sheet/kraken';

describe('CSV', () => {
  it('writes a Kraken round as the terminal does', () => {
    const sheet = newKrakenSheet({ teams: ['Us', 'Them'], players: null, first_dealer: 0, rules: { rounds: 2 } });
    sheet.rounds.push({ ...emptyEntry(), card_points: 90, challenge: 'contra' });
    const [header, row] = sheetCsv(sheet).trim().split('\n');
    expect(header).toBe('round,dealer,declarers,card points Us,card points Them,roem Us,roem Them,challenge,multiplier,mars,nat,points Us,points Them,total Us,total Them');
    expect(row).toBe('1,0,Us,90,72,0,0,contra,2,,no,180,144,180,144');
  });

  it('writes a Gurka round with who went out', () => {
    const sheet = newGurkaSheet({ players: ['Ann', 'Bo', 'Cy'], first_dealer: 0, rules: { eliminate_at: 10 } });
    sheet.rounds.push({ penalties: [0, 13, 0], tricks: null, buybacks: [] });
    expect(sheetCsv(sheet).trim().split('\n')).toEqual(['round,dealer,penalty Ann,score Ann,penalty Bo,score Bo,penalty Cy,score Cy,out,bought back,pot', '1,Ann,0,0,13,13,0,0,Bo,,3']);
  });

  it('quotes and defuses', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvField(-5)).toBe('-5');
  });
});
