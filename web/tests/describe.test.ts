import { beforeEach, describe, expect, it } from 'vitest';
import { lang } from '../src/i18n';
import { actionLabel, cardName, describeEvent, seatAngles, seatName } from '../src/lib/describe';
import type { TableView } from '../src/lib/protocol';
import { refusalText } from '../src/lib/refusals';
import { seatView, tableView } from './tables';
import { changedRules, parseDeal, presetOf, seatCount, type GameKind } from '../src/lib/rules';

const table: TableView = tableView({
  seats: [
    seatView({ seat: 0, user_id: 'a', name: 'Alice' }),
    seatView({ seat: 1, kind: 'bot', name: 'bot (random)', level: 'random' }),
    seatView({ seat: 2, open: true, connected: false }),
    seatView({ seat: 3, kind: 'bot', name: 'bot (heuristic)', level: 'heuristic' }),
  ],
});

describe('words for the table', () => {
  beforeEach(() => {
    lang.value = 'en';
  });

  it('names people by name, bots by their level and open seats by place', () => {
    expect(seatName(table, 0)).toBe('Alice');
    expect(seatName(table, 1)).toBe('Bot · Beginner (random)');
    expect(seatName(table, 2)).toBe('South');
    expect(seatName(table, 3)).toBe('Bot · Casual');
    expect(seatName({ ...table, game: 'gurka' }, 2)).toBe('Player 3');
    // two bots of one level are numbered, so that every seat has its own name
    const twins = { ...table, seats: table.seats.map((s) => (s.kind === 'bot' ? { ...s, level: 'heuristic' } : s)) };
    expect([seatName(twins, 1), seatName(twins, 3)]).toEqual(['Bot · Casual 1', 'Bot · Casual 2']);
  });

  it('words the refusals of the server with the seat as the table names it, in the language', () => {
    expect(refusalText('not_your_turn', { seat: 3 }, table)).toBe('Not your turn: Bot · Casual is to move.');
    expect(refusalText('not_your_turn', { seat: 0 }, table)).toBe('Not your turn: Alice is to move.');
    expect(refusalText('illegal_action', { action: 'QH' }, table)).toBe('queen of hearts cannot be played now.');
    expect(refusalText('illegal_action', { action: 'pass' }, table)).toBe('That move is not allowed now.');
    expect(refusalText('no_such_code', {}, table)).toBe('The server refused this.');
    // the rule the engine names, and what may be played instead
    const followSuit = { action: 'QH', rule: 'follow_suit', legal: ['7S', 'AS'] };
    expect(refusalText('illegal_action', followSuit, table)).toBe(
      'queen of hearts does not follow suit: you hold the suit led. You may play: seven of spades, ace of spades.',
    );
    expect(refusalText('illegal_action', { action: 'QH', rule: 'a_rule_not_known' }, table)).toBe('queen of hearts cannot be played now.');
    expect(refusalText('illegal_action', { action: 'QH', legal: ['AS'] }, table)).toBe('queen of hearts cannot be played now. You may play: ace of spades.');
    lang.value = 'nl';
    expect(refusalText('illegal_action', { action: 'QH', rule: 'must_trump' }, table)).toContain('troeven');
    expect(refusalText('not_your_turn', { seat: 0 }, table)).toBe('Je bent niet aan de beurt: Alice is aan zet.');
  });

  it('says every kind of event', () => {
    expect(describeEvent(table, { type: 'action', seat: 0, action: 'QH' })).toBe('Alice plays queen of hearts.');
    expect(describeEvent(table, { type: 'action', seat: 1, action: 'trump S' })).toBe('Bot · Beginner (random) chooses Spades as trump.');
    expect(describeEvent(table, { type: 'action', seat: 3, action: 'contra' })).toBe('Bot · Casual says contra (×2).');
    expect(describeEvent(table, { type: 'out', seat: 0 })).toBe('Alice is out.');
    expect(describeEvent(table, { type: 'action', seat: 0, action: 'buyback' })).toBe('Alice buys back in.');
    expect(describeEvent(table, { type: 'trick', trick: { leader: 0, cards: ['AH', '7H', 'TH', 'KH'], winner: 0, points: 25, roem: 20 } })).toBe(
      'Alice takes the trick (45 points).',
    );
    expect(describeEvent(table, { type: 'trick', trick: { leader: 1, plays: [[1, '2C']], taker: 1, scorers: [1] } })).toBe('Bot · Beginner (random) takes the trick.');
    expect(describeEvent(table, { type: 'round', number: 3, result: { penalties: [] } })).toBe('Round 3 is over.');
    expect(describeEvent(table, { type: 'timeout', seat: 0 })).toContain('Alice');
  });

  it('speaks in the chosen language', () => {
    lang.value = 'nl';
    expect(cardName('QH')).toBe('harten vrouw');
    expect(describeEvent(table, { type: 'action', seat: 3, action: 'pass' })).toBe('Bot · Gezellig past.');
    expect(describeEvent(table, { type: 'action', seat: 2, action: 'pass' })).toBe('Zuid past.');
    lang.value = 'fr';
    expect(cardName('TS')).toBe('dix de pique');
    lang.value = 'ar';
    expect(actionLabel('pass')).toBe('تمرير');
  });

  it('puts our seat at the bottom and the next one to our left', () => {
    expect(seatAngles(4, 2)).toEqual([180, 270, 0, 90]);
    expect(seatAngles(5, 0)).toEqual([0, 72, 144, 216, 288]);
    expect(seatAngles(3, null)).toEqual([0, 120, 240]);
  });
});

describe('the rules of a new table', () => {
  it('reads a deal in packets that sum to 8', () => {
    expect(parseDeal('3-2-3')).toEqual([3, 2, 3]);
    expect(parseDeal('4 4')).toEqual([4, 4]);
    expect(parseDeal('3-3')).toBeNull();
    expect(parseDeal('8-0')).toBeNull();
    expect(parseDeal('')).toBeNull();
  });

  it('knows the presets and sends only what differs from the defaults', () => {
    // as GET /api/kinds describes the games (shortened)
    const amsterdam = { play: 'amsterdam', double_spades: false, rounds: 16 };
    const kraken: GameKind = {
      name: 'kraken',
      title: 'Kraken',
      seats: 4,
      scoring: 'teams',
      levels: ['random', 'heuristic'],
      rules: {
        defaults: amsterdam,
        presets: { amsterdam, rotterdam: { ...amsterdam, play: 'rotterdam' } },
        fields: [
          { name: 'play', type: 'choice', options: ['amsterdam', 'rotterdam'] },
          { name: 'double_spades', type: 'bool' },
          { name: 'rounds', type: 'int', min: 1, max: 1000 },
        ],
      },
    };
    const gurka: GameKind = {
      name: 'gurka',
      title: 'Gurka',
      seats: 4,
      scoring: 'ranking',
      levels: ['random'],
      rules: { defaults: { players: 4, stake: 1 }, presets: {}, fields: [{ name: 'players', type: 'int', min: 3, max: 8 }] },
    };
    const rotterdam = { ...kraken.rules.presets.rotterdam, rounds: 4 };
    expect(presetOf(kraken, rotterdam)).toBe('rotterdam');
    expect(presetOf(kraken, { ...rotterdam, double_spades: true })).toBeNull();
    expect(changedRules(kraken, rotterdam)).toEqual({ play: 'rotterdam', rounds: 4 });
    expect(changedRules(gurka, { ...gurka.rules.defaults, players: 6 })).toEqual({ players: 6 });
    expect(seatCount(gurka, { players: 7 })).toBe(7);
    expect(seatCount(kraken, {})).toBe(4);
  });
});
