// Words for seats, cards and events, in the current language: the table's log and
// the live region that lets a screen reader follow the game.

import { t, joinList, tMaybe } from '../i18n';
import type { MessageKey } from '../i18n';
import { parseCard } from './cards';
import type { GameEvent, GameName, TableView } from './protocol';
import { isCardAction } from './protocol';

/** The place of a seat: North... in Kraken, Player n in Gurka. */
export function seatPlace(game: GameName, seat: number): string {
  return game === 'kraken' ? t(`seat.${seat % 4}` as MessageKey) : t('seat.player', { number: seat + 1 });
}

/** A bot level in words ("Casual"). */
export function levelLabel(level: string | null): string {
  return (level && tMaybe(`level.${level}`)) || level || '';
}

/**
 * What to call a seat, the same everywhere (waiting room, table, log, dialogs,
 * replays): its person's name; a bot by its level ("Casual bot", numbered when two
 * bots of one level sit at the table); else its place.
 */
export function seatName(table: TableView | null, seat: number): string {
  const game = table?.game ?? 'kraken';
  const view = table?.seats[seat];
  if (view && view.kind === 'bot') {
    const twins = table!.seats.filter((s) => s.kind === 'bot' && s.level === view.level);
    const name = t('bot.name', { level: levelLabel(view.level) });
    return twins.length > 1 ? `${name} ${twins.indexOf(view) + 1}` : name;
  }
  if (view && view.name) return view.name;
  return seatPlace(game, seat);
}

export function suitName(letter: string): string {
  return ['C', 'D', 'H', 'S'].includes(letter) ? t(`suit.${letter}` as MessageKey) : letter;
}

/** "ace of hearts" */
export function cardName(text: string): string {
  const card = parseCard(text);
  if (!card) return text;
  return t('card.name', {
    rank: t(`rank.${card.rank}` as MessageKey),
    suit: t(`cardSuit.${card.suit}` as MessageKey),
  });
}

export function cardList(cards: string[]): string {
  return joinList(cards.map(cardName));
}

/** A sentence for one public event, or null for events said elsewhere. */
export function describeEvent(table: TableView | null, event: GameEvent): string | null {
  const game = table?.game ?? 'kraken';
  switch (event.type) {
    case 'action': {
      const seat = seatName(table, event.seat);
      const action = event.action;
      if (isCardAction(action)) return t('ev.play', { seat, card: cardName(action) });
      if (action.startsWith('trump ')) return t('ev.trump', { seat, suit: suitName(action.slice(6)) });
      const key = `ev.${action}`;
      if (['pass', 'take', 'contra', 're', 'superkraken', 'buyback', 'roem'].includes(action)) {
        return t(key as MessageKey, { seat });
      }
      return `${seat}: ${action}`;
    }
    case 'trick': {
      const trick = event.trick;
      if ('plays' in trick) return t('ev.trickGurka', { seat: seatName(table, trick.taker) });
      return t('ev.trick', { seat: seatName(table, trick.winner), points: trick.points + trick.roem });
    }
    case 'round':
      return t('ev.round', { number: event.number });
    case 'game_over':
      return game ? t('ev.gameOver') : null;
    case 'timeout':
      return t('ev.timeout', { seat: seatName(table, event.seat) });
    case 'out':
      return t('ev.out', { seat: seatName(table, event.seat) });
  }
}

/** The label of a non-card action button. */
export function actionLabel(action: string): string {
  if (action.startsWith('trump ')) return t('act.trump', { suit: suitName(action.slice(6)) });
  if (['pass', 'take', 'contra', 're', 'superkraken', 'roem', 'buyback'].includes(action)) {
    return t(`act.${action}` as MessageKey);
  }
  return action;
}

/** Seats around the table, ours at the bottom: the angle (degrees, 0 = bottom,
 *  clockwise as the play goes) of each seat. */
export function seatAngles(players: number, mySeat: number | null): number[] {
  const me = mySeat ?? 0;
  return Array.from({ length: players }, (_, seat) => (((seat - me + players) % players) * 360) / players);
}
