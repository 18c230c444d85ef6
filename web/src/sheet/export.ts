// A sheet as a file: CSV (one row per round, for a spreadsheet) and the sheet's JSON
// (what the terminal sheet reads).

import type { GurkaSheet, KrakenSheet, Sheet, StoredSheet } from './document';
import { tally as gurkaTally } from './gurka';
import { tally as krakenTally } from './kraken';

/** One CSV field, quoted when it must be (RFC 4180); a leading =, +, - or @ is defused for spreadsheets. */
export function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csv(rows: (string | number)[][]): string {
  return rows.map((row) => row.map(csvField).join(',') + '\n').join('');
}

// The columns are those of the terminal's export (cardtable.sheet.export.csv_text).

function krakenCsv(sheet: KrakenSheet): string {
  const { rounds } = krakenTally(sheet.rules, sheet.rounds, sheet.first_dealer);
  const teams = sheet.teams;
  const header = [
    'round',
    'dealer',
    'declarers',
    ...['card points', 'roem'].flatMap((what) => teams.map((team) => `${what} ${team}`)),
    'challenge',
    'multiplier',
    'mars',
    'nat',
    ...['points', 'total'].flatMap((what) => teams.map((team) => `${what} ${team}`)),
  ];
  return csv([
    header,
    ...rounds.map(({ number, dealer, result: r, totals }, i) => [
      number,
      sheet.players ? sheet.players[dealer] : dealer,
      teams[r.declarers],
      ...r.card_points,
      ...r.roem,
      sheet.rounds[i].challenge,
      r.multiplier,
      r.mars === null ? '' : teams[r.mars],
      r.nat ? 'yes' : 'no',
      ...r.points,
      ...totals,
    ]),
  ]);
}

function gurkaCsv(sheet: GurkaSheet): string {
  const { rounds } = gurkaTally(sheet.rules, sheet.rounds, sheet.first_dealer);
  const names = sheet.players;
  const header = ['round', 'dealer', ...names.flatMap((name) => [`penalty ${name}`, `score ${name}`]), 'out', 'bought back', 'pot'];
  return csv([
    header,
    ...rounds.map((round) => [
      round.number,
      names[round.dealer],
      ...names.flatMap((_, seat) => [round.penalties[seat], round.scores[seat]]),
      round.eliminated.map((s) => names[s]).join(' '),
      round.bought_back.map((s) => names[s]).join(' '),
      round.pot,
    ]),
  ]);
}

export function sheetCsv(sheet: Sheet): string {
  return sheet.game === 'kraken' ? krakenCsv(sheet) : gurkaCsv(sheet);
}

/** A file name for a sheet's export: its game, its creation date and the extension. */
export function fileName(stored: StoredSheet, extension: string): string {
  return `${stored.sheet.game}-sheet-${stored.created.slice(0, 10)}.${extension}`;
}

/** Offer `text` as a file download. */
export function download(name: string, type: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
