import { describe, expect, it } from 'vitest';
import { handView, parseCard, rankValue, sortHand, suitOrder } from '../src/lib/cards';

describe('cards', () => {
  it('parses every spelling the protocol uses', () => {
    expect(parseCard('JH')).toEqual({ rank: 'J', suit: 'H', text: 'JH' });
    expect(parseCard('10d')?.text).toBe('TD');
    expect(parseCard('TS')?.text).toBe('TS');
    expect(parseCard('pass')).toBeNull();
    expect(parseCard('1H')).toBeNull();
    expect(rankValue('A')).toBe(14);
    expect(rankValue('2')).toBe(2);
  });

  it('puts trump first and alternates colours', () => {
    expect(suitOrder(['S', 'H', 'C', 'D'], 'D')).toEqual(['D', 'S', 'H', 'C']);
    expect(suitOrder(['S', 'H', 'C', 'D'], null)).toEqual(['S', 'H', 'C', 'D']);
    expect(suitOrder(['H', 'D', 'C'], null)).toEqual(['H', 'C', 'D']);
  });

  it('sorts a Kraken hand by suit and strength, trump in its own order', () => {
    const hand = ['7H', 'JH', '9H', 'AH', 'AS', 'TS', 'JS', '8C'];
    expect(sortHand('kraken', hand, 'H')).toEqual(['JH', '9H', 'AH', '7H', 'AS', 'TS', 'JS', '8C']);
    expect(sortHand('kraken', hand, null)).toEqual(['AS', 'TS', 'JS', 'AH', 'JH', '9H', '7H', '8C']);
  });

  it('sorts a Gurka hand by rank only, lowest first', () => {
    expect(sortHand('gurka', ['KS', '2H', 'AC', '2C', '9D'])).toEqual(['2C', '2H', '9D', 'KS', 'AC']);
  });

  it('marks the legal cards and dims the rest only when a card is ours to play', () => {
    const hand = ['AS', 'TS', '7H', '8C'];
    const view = handView('kraken', hand, ['AS', 'TS'], null);
    expect(view.map((c) => [c.card, c.legal, c.dimmed])).toEqual([
      ['AS', true, false],
      ['TS', true, false],
      ['7H', false, true],
      ['8C', false, true],
    ]);
    // not our turn, or a choice that is not a card: nothing is dimmed
    expect(handView('kraken', hand, []).some((c) => c.dimmed)).toBe(false);
    expect(handView('kraken', hand, ['trump H', 'pass']).some((c) => c.dimmed || c.legal)).toBe(false);
  });
});
