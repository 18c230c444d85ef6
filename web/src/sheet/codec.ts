// Reading a sheet's JSON (docs/sheet.md, version 1): an imported file, a sheet from
// the server, a round as entered. Missing optional fields take their defaults;
// anything malformed is refused with the code `format` (or `entry` for a Gurka round
// with both or neither of penalties and tricks), as cardtable.sheet reads it.

import { FORMAT, VERSION, checkSheet, type GurkaSheet, type KrakenSheet, type Sheet } from './document';
import { SheetRefusal } from './errors';
import { DEFAULT_GURKA_RULES, type GurkaEntry, type GurkaRules, type Trick } from './gurka';
import { CHALLENGES, DEFAULT_KRAKEN_RULES, type Challenge, type KrakenEntry, type KrakenRules, type Team } from './kraken';

const MAX_NAME = 40;
const MAX_TITLE = 100;
const MAX_ROUNDS = 1000;

type Json = Record<string, unknown>;

function bad(what: string): never {
  throw new SheetRefusal('format', { what });
}

function object(data: unknown, where: string, allowed: readonly string[]): Json {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) bad(`${where} must be a JSON object`);
  const unknown = Object.keys(data).filter((k) => !allowed.includes(k));
  if (unknown.length) bad(`${where}: unknown field '${unknown.sort()[0]}'`);
  return data as Json;
}

function int(value: unknown, where: string, low: number, high: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < low || value > high) bad(`${where} must be a whole number from ${low} to ${high}`);
  return value;
}

function bool(value: unknown, where: string): boolean {
  if (typeof value !== 'boolean') bad(`${where} must be true or false`);
  return value;
}

function names(value: unknown, where: string, low: number, high: number): string[] {
  if (!Array.isArray(value) || value.length < low || value.length > high) bad(`${where} must be a list of ${low} to ${high} names`);
  return value.map((name) => {
    if (typeof name !== 'string' || name.trim().length < 1 || name.trim().length > MAX_NAME) bad(`${where}: each name has 1 to ${MAX_NAME} characters`);
    return name.trim();
  });
}

const KRAKEN_ENTRY_FIELDS = ['declarers', 'declarer', 'points_of', 'card_points', 'spades', 'challenge', 'mars', 'roem', 'declared', 'stuk'];

/** One Kraken round from its JSON (cardtable.sheet.kraken.KrakenEntry.from_dict). */
export function readKrakenEntry(data: unknown, where = 'round'): KrakenEntry {
  const d = object(data, where, KRAKEN_ENTRY_FIELDS);
  for (const name of ['declarers', 'points_of', 'card_points']) if (!(name in d)) bad(`${where}: '${name}' is required`);
  const challenge = d.challenge ?? 'none';
  if (!CHALLENGES.includes(challenge as Challenge)) bad(`${where}: 'challenge' must be one of ${CHALLENGES.join(', ')}`);
  const spades = bool(d.spades ?? false, `${where}: 'spades'`);
  const roem = d.roem ?? [[], []];
  if (!Array.isArray(roem) || roem.length !== 2 || !roem.every((team) => Array.isArray(team) && team.length <= 8)) bad(`${where}: 'roem' must be two lists (one per team) of roem values`);
  const declared = d.declared ?? [0, 0, 0, 0];
  const stuk = d.stuk ?? [false, false, false, false];
  if (!Array.isArray(declared) || declared.length !== 4) bad(`${where}: 'declared' must be a list of 4 numbers`);
  if (!Array.isArray(stuk) || stuk.length !== 4 || !stuk.every((s) => typeof s === 'boolean')) bad(`${where}: 'stuk' must be a list of 4 true or false`);
  const big = 10 ** 6;
  return {
    declarers: int(d.declarers, `${where}: 'declarers'`, 0, 1) as Team,
    declarer: d.declarer === null || d.declarer === undefined ? null : int(d.declarer, `${where}: 'declarer'`, 0, 3),
    points_of: int(d.points_of, `${where}: 'points_of'`, 0, 1) as Team,
    card_points: int(d.card_points, `${where}: 'card_points'`, -big, big),
    spades,
    challenge: challenge as Challenge,
    mars: d.mars === null || d.mars === undefined ? null : (int(d.mars, `${where}: 'mars'`, 0, 1) as Team),
    roem: [(roem as unknown[][])[0].map((v) => int(v, `${where}: roem`, 0, big)), (roem as unknown[][])[1].map((v) => int(v, `${where}: roem`, 0, big))],
    declared: declared.map((v) => int(v, `${where}: 'declared'`, 0, big)),
    stuk: stuk as boolean[],
  };
}

const GURKA_ENTRY_FIELDS = ['penalties', 'tricks', 'buybacks'];

/** One Gurka round from its JSON (cardtable.sheet.gurka.GurkaEntry.from_dict). */
export function readGurkaEntry(data: unknown, where = 'round'): GurkaEntry {
  const d = object(data, where, GURKA_ENTRY_FIELDS);
  const penalties = d.penalties ?? null;
  const tricks = d.tricks ?? null;
  if ((penalties === null) === (tricks === null)) throw new SheetRefusal('entry');
  const buybacks = d.buybacks ?? [];
  if (!Array.isArray(buybacks) || buybacks.length > 8) bad(`${where}: 'buybacks' must be a list of seats`);
  let parsed: Trick[] | null = null;
  if (tricks !== null) {
    if (!Array.isArray(tricks) || tricks.length > 6) bad(`${where}: 'tricks' must be a list of tricks`);
    parsed = tricks.map((trick) => {
      if (!Array.isArray(trick) || trick.length > 8) bad(`${where}: a trick is a list of [seat, card] pairs`);
      return trick.map((play) => {
        if (!Array.isArray(play) || play.length !== 2 || typeof play[1] !== 'string') bad(`${where}: a trick is a list of [seat, card] pairs`);
        return [int(play[0], `${where}: seat`, 0, 7), play[1]] as [number, string];
      });
    });
  }
  if (penalties !== null && (!Array.isArray(penalties) || penalties.length > 8)) bad(`${where}: 'penalties' must be a list, one per seat`);
  return {
    penalties: penalties === null ? null : (penalties as unknown[]).map((p) => int(p, `${where}: penalty`, -1000, 1000)),
    tricks: parsed,
    buybacks: buybacks.map((s) => int(s, `${where}: buy-back seat`, 0, 7)),
  };
}

function readRules<T extends object>(data: unknown, defaults: T): T {
  const given = object(data ?? {}, "'rules'", Object.keys(defaults));
  return { ...defaults, ...given };
}

function checkKrakenRules(rules: KrakenRules): void {
  if (!['tricks', 'hand', 'none'].includes(rules.roem)) bad("'rules': roem");
  if (!['none', 'high_asks', 'low_asks'].includes(rules.signals)) bad("'rules': signals");
  for (const name of ['challenges', 'double_spades', 'multiply_roem'] as const) bool(rules[name], `'rules': ${name}`);
  int(rules.rounds, "'rules': rounds", 1, 1000);
  if (rules.target_score !== null) int(rules.target_score, "'rules': target_score", 1, 10_000);
}

function checkGurkaRules(rules: GurkaRules): void {
  int(rules.players, "'rules': players", 3, 8);
  int(rules.stake, "'rules': stake", 0, 1_000_000);
  int(rules.eliminate_at, "'rules': eliminate_at", 1, 10_000);
  bool(rules.free_rebuy, "'rules': free_rebuy");
  if (!['last', 'every'].includes(rules.penalty_tricks)) bad("'rules': penalty_tricks");
}

function title(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value !== 'string' || value.length > MAX_TITLE) bad(`'title' must be text of at most ${MAX_TITLE} characters`);
  return value.trim();
}

function rounds<T>(value: unknown, read: (data: unknown, where: string) => T): T[] {
  const list = value ?? [];
  if (!Array.isArray(list) || list.length > MAX_ROUNDS) bad(`'rounds' must be a list of at most ${MAX_ROUNDS} rounds`);
  return list.map((r, i) => read(r, `round ${i + 1}`));
}

/** A whole sheet from its JSON, every round checked and scored (a refusal throws). */
export function readSheet(data: unknown): Sheet {
  const envelope = object(data, 'sheet', ['format', 'version', 'game', 'title', 'rules', 'teams', 'players', 'first_dealer', 'rounds']);
  if (envelope.format !== FORMAT) bad(`'format' must be '${FORMAT}'`);
  if (envelope.version !== VERSION) bad(`version ${String(envelope.version)} is not supported: this program reads version ${VERSION}`);
  let sheet: Sheet;
  if (envelope.game === 'kraken') {
    const rules = readRules(envelope.rules, DEFAULT_KRAKEN_RULES);
    checkKrakenRules(rules);
    const kraken: KrakenSheet = {
      format: FORMAT,
      version: VERSION,
      game: 'kraken',
      title: title(envelope.title),
      rules,
      teams: names(envelope.teams, "'teams'", 2, 2) as [string, string],
      players: envelope.players === null || envelope.players === undefined ? null : names(envelope.players, "'players'", 4, 4),
      first_dealer: int(envelope.first_dealer, "'first_dealer'", 0, 3),
      rounds: rounds(envelope.rounds, readKrakenEntry),
    };
    sheet = kraken;
  } else if (envelope.game === 'gurka') {
    const rules = readRules(envelope.rules, DEFAULT_GURKA_RULES);
    checkGurkaRules(rules);
    const players = names(envelope.players, "'players'", 3, 8);
    if (players.length !== rules.players) bad(`${players.length} names, but the rules are for ${rules.players} players`);
    const gurka: GurkaSheet = {
      format: FORMAT,
      version: VERSION,
      game: 'gurka',
      title: title(envelope.title),
      rules,
      players,
      first_dealer: int(envelope.first_dealer, "'first_dealer'", 0, rules.players - 1),
      rounds: rounds(envelope.rounds, readGurkaEntry),
    };
    sheet = gurka;
  } else {
    bad("'game' must be one of kraken, gurka");
  }
  checkSheet(sheet);
  return sheet;
}
