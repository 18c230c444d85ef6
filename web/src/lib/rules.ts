// The rule variants of both games as the engines define them (Rules.to_dict() and
// the Kraken presets); tests/web/test_rules_fields.py checks this file against the
// engines, so a new variant cannot be forgotten here.

import data from './rules.json';
import type { GameName } from './protocol';

export type RuleValue = string | number | boolean | number[];
export type Rules = Record<string, RuleValue>;

export type RuleField =
  | { name: string; type: 'choice'; options: string[] }
  | { name: string; type: 'bool' }
  | { name: string; type: 'int'; min: number; max: number }
  | { name: string; type: 'deal' };

interface GameRules {
  defaults: Rules;
  presets: Record<string, Rules>;
  fields: RuleField[];
}

export const LEVELS: string[] = data.levels;
export const GAME_RULES: Record<GameName, GameRules> = {
  kraken: data.kraken as GameRules,
  gurka: data.gurka as GameRules,
};

/** "3-2-3" → [3, 2, 3] when the packets are positive and sum to 8, else null. */
export function parseDeal(text: string): number[] | null {
  const parts = text.split(/[^0-9]+/).filter(Boolean).map(Number);
  if (!parts.length || parts.some((n) => !Number.isInteger(n) || n <= 0)) return null;
  return parts.reduce((a, b) => a + b, 0) === 8 ? parts : null;
}

/** The preset whose rules equal `rules` (the length of the game aside), or null. */
export function presetOf(game: GameName, rules: Rules): string | null {
  for (const [name, preset] of Object.entries(GAME_RULES[game].presets)) {
    const same = Object.keys(preset)
      .filter((k) => k !== 'rounds')
      .every((k) => JSON.stringify(preset[k]) === JSON.stringify(rules[k]));
    if (same) return name;
  }
  return null;
}

/** The rules that differ from the game's defaults (what a table is created with). */
export function changedRules(game: GameName, rules: Rules): Rules {
  const defaults = GAME_RULES[game].defaults;
  const out: Rules = {};
  for (const [k, v] of Object.entries(rules)) {
    if (JSON.stringify(defaults[k]) !== JSON.stringify(v)) out[k] = v;
  }
  return out;
}

/** Number of seats for the rules. */
export function seatCount(game: GameName, rules: Rules): number {
  return game === 'kraken' ? 4 : Number(rules.players ?? 4);
}
