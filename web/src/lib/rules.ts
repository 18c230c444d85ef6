// The games the server plays and their rule variants, as the server describes them
// (GET /api/kinds: each game's rules schema from the engines, its seats and the bot
// levels that play it). The client keeps no copy: tests/web/test_rules_fields.py
// checks the endpoint against the engines.

import { signal } from '@preact/signals';
import { api } from './api';

export type RuleValue = string | number | boolean | number[] | null;
export type Rules = Record<string, RuleValue>;

export type RuleField =
  | { name: string; type: 'choice'; options: string[] }
  | { name: string; type: 'bool' }
  | { name: string; type: 'int'; min: number; max: number; optional?: boolean }
  | { name: string; type: 'deal' };

export interface GameRules {
  defaults: Rules;
  presets: Record<string, Rules>;
  fields: RuleField[];
}

/** One game as GET /api/kinds describes it. */
export interface GameKind {
  name: string;
  title: string;
  /** Seats with the default rules (a `players` field changes it). */
  seats: number;
  scoring: 'teams' | 'ranking';
  rules: GameRules;
  /** The bot levels that play this game. */
  levels: string[];
}

export interface Kinds {
  kinds: GameKind[];
  levels: string[];
}

/** The server's games, once loaded (null until then). */
export const kinds = signal<Kinds | null>(null);

let loading: Promise<Kinds> | null = null;

/** Fetch GET /api/kinds once (again after a failure). */
export function loadKinds(): Promise<Kinds> {
  if (!loading) {
    loading = api<Kinds>('/api/kinds').then(
      (data) => {
        kinds.value = data;
        return data;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
  }
  return loading;
}

/** The game the lobby offers first and selects at the start. */
export const DEFAULT_GAME = 'kraken';

/** The games in the order the lobby lists them: the default game first, then the
 * server's order. */
export function lobbyGames(all: Kinds): GameKind[] {
  const first = all.kinds.filter((k) => k.name === DEFAULT_GAME);
  return [...first, ...all.kinds.filter((k) => k.name !== DEFAULT_GAME)];
}

/** The game called `name` among `all`, or null. */
export function kindOf(all: Kinds | null, name: string): GameKind | null {
  return all?.kinds.find((k) => k.name === name) ?? null;
}

/** "3-2-3" → [3, 2, 3] when the packets are positive and sum to 8, else null. */
export function parseDeal(text: string): number[] | null {
  const parts = text.split(/[^0-9]+/).filter(Boolean).map(Number);
  if (!parts.length || parts.some((n) => !Number.isInteger(n) || n <= 0)) return null;
  return parts.reduce((a, b) => a + b, 0) === 8 ? parts : null;
}

/** The preset whose rules equal `rules` (the length of the game aside), or null. */
export function presetOf(game: GameKind, rules: Rules): string | null {
  for (const [name, preset] of Object.entries(game.rules.presets)) {
    const same = Object.keys(preset)
      .filter((k) => k !== 'rounds')
      .every((k) => JSON.stringify(preset[k]) === JSON.stringify(rules[k]));
    if (same) return name;
  }
  return null;
}

/** The rules that differ from the game's defaults (what a table is created with). */
export function changedRules(game: GameKind, rules: Rules): Rules {
  const defaults = game.rules.defaults;
  const out: Rules = {};
  for (const [k, v] of Object.entries(rules)) {
    if (JSON.stringify(defaults[k]) !== JSON.stringify(v)) out[k] = v;
  }
  return out;
}

/** The field that sets the number of players, when the game has one. */
export function playersField(game: GameKind): RuleField | null {
  return game.rules.fields.find((f) => f.name === 'players' && f.type === 'int') ?? null;
}

/** Number of seats for the rules. */
export function seatCount(game: GameKind, rules: Rules): number {
  return playersField(game) ? Number(rules.players ?? game.seats) : game.seats;
}
