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
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

function krakenCsv(sheet: KrakenSheet): string {
  const { rounds } = krakenTally(sheet.rules, sheet.rounds, sheet.first_dealer);
  const [a, b] = sheet.teams;
  const header = ['round', 'dealer', 'declarers', `card points ${a}`, `card points ${b}`, `roem ${a}`, `roem ${b}`, 'nat', 'mars', 'multiplier', `points ${a}`, `points ${b}`, `total ${a}`, `total ${b}`];
  const seat = (s: number) => sheet.players?.[s] ?? String(s);
  return csv([
    header,
    ...rounds.map(({ number, dealer, result: r, totals }) => [
      number,
      seat(dealer),
      sheet.teams[r.declarers],
      r.card_points[0],
      r.card_points[1],
      r.roem[0],
      r.roem[1],
      r.nat ? 'yes' : 'no',
      r.mars === null ? '' : sheet.teams[r.mars],
      r.multiplier,
      r.points[0],
      r.points[1],
      totals[0],
      totals[1],
    ]),
  ]);
}

function gurkaCsv(sheet: GurkaSheet): string {
  const { rounds } = gurkaTally(sheet.rules, sheet.rounds, sheet.first_dealer);
  const header = ['round', 'dealer', ...sheet.players.flatMap((p) => [`penalty ${p}`, `score ${p}`, `in ${p}`]), 'pot'];
  return csv([
    header,
    ...rounds.map((round) => [
      round.number,
      sheet.players[round.dealer],
      ...sheet.players.flatMap((_, seat) => [round.penalties[seat], round.scores[seat], round.alive.includes(seat) ? 'yes' : 'no']),
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
