// A score sheet as data: the JSON of docs/sheet.md (version 1), which the browser
// keeps, exports and syncs, and which `cardtable sheet` reads. Results are never
// stored: they are computed from the rounds as entered.

import { DEFAULT_GURKA_RULES, tally as gurkaTally, type GurkaEntry, type GurkaRules } from './gurka';
import { DEFAULT_KRAKEN_RULES, tally as krakenTally, type KrakenEntry, type KrakenRules } from './kraken';

export const FORMAT = 'cardtable-sheet';
export const VERSION = 1;

interface SheetCommon {
  format: typeof FORMAT;
  version: typeof VERSION;
  title: string;
  /** The seat that deals the first round. */
  first_dealer: number;
}

export interface KrakenSheet extends SheetCommon {
  game: 'kraken';
  rules: KrakenRules;
  /** The two teams' names (the first team: seats 0 and 2). */
  teams: [string, string];
  /** The four players by seat, or null when only the teams are named. */
  players: string[] | null;
  rounds: KrakenEntry[];
}

export interface GurkaSheet extends SheetCommon {
  game: 'gurka';
  rules: GurkaRules;
  /** The players by seat, clockwise (as many as `rules.players`). */
  players: string[];
  rounds: GurkaEntry[];
}

export type Sheet = KrakenSheet | GurkaSheet;

/** A sheet kept in this browser: its local id, times, and the server's copy (with an account). */
export interface StoredSheet {
  id: string;
  created: string;
  updated: string;
  sheet: Sheet;
  /** The sheet's id on the server, once kept there (with an account). */
  serverId?: string | null;
  /** The server's revision of the sheet that this browser last saved or read. */
  revision?: number;
}

export function newKrakenSheet(options: { title?: string; teams: [string, string]; players: string[] | null; first_dealer: number; rules: Partial<KrakenRules> }): KrakenSheet {
  return {
    format: FORMAT,
    version: VERSION,
    game: 'kraken',
    title: options.title ?? '',
    rules: { ...DEFAULT_KRAKEN_RULES, ...options.rules },
    teams: options.teams,
    players: options.players,
    first_dealer: options.first_dealer,
    rounds: [],
  };
}

export function newGurkaSheet(options: { title?: string; players: string[]; first_dealer: number; rules: Partial<GurkaRules> }): GurkaSheet {
  return {
    format: FORMAT,
    version: VERSION,
    game: 'gurka',
    title: options.title ?? '',
    rules: { ...DEFAULT_GURKA_RULES, ...options.rules, players: options.players.length },
    players: options.players,
    first_dealer: options.first_dealer,
    rounds: [],
  };
}

/**
 * Check every round of a sheet (a refusal throws). `fresh`: the number of the round
 * being entered or changed, refused as it is; another round that no longer fits is
 * an `edit_conflict`.
 */
export function checkSheet(sheet: Sheet, fresh: number | null = null): void {
  if (sheet.game === 'kraken') krakenTally(sheet.rules, sheet.rounds, sheet.first_dealer, fresh);
  else gurkaTally(sheet.rules, sheet.rounds, sheet.first_dealer, fresh);
}

/** Whether `data` looks like a sheet of this format and version (the rounds are checked by `checkSheet`). */
export function isSheet(data: unknown): data is Sheet {
  if (typeof data !== 'object' || data === null) return false;
  const d = data as Record<string, unknown>;
  return d.format === FORMAT && d.version === VERSION && (d.game === 'kraken' || d.game === 'gurka') && Array.isArray(d.rounds) && typeof d.rules === 'object';
}

/** A sheet's title for lists: its own, or the names. */
export function sheetTitle(sheet: Sheet): string {
  if (sheet.title) return sheet.title;
  return sheet.game === 'kraken' ? `${sheet.teams[0]} – ${sheet.teams[1]}` : sheet.players.join(', ');
}
