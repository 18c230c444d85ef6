// The server's refusals in the player's language: each code (and its details, such
// as the seat to move) becomes a sentence that names seats as the table does. The
// server's own English text is never shown.

import { t, tMaybe } from '../i18n';
import { cardName, seatName } from './describe';
import type { RefusalDetails, TableView } from './protocol';
import { isCardAction } from './protocol';

/** The sentence for a refusal `code` with its `details`, at `table`. */
export function refusalText(code: string, details: RefusalDetails | undefined, table: TableView | null): string {
  if (code === 'not_your_turn' && details?.seat !== undefined && details.seat !== null) {
    return t('refusal.not_your_turn', { seat: seatName(table, details.seat) });
  }
  if (code === 'illegal_action' && details?.action && isCardAction(details.action)) {
    // the rule the engine named, in the player's words, and what may be played instead
    const card = cardName(details.action);
    const rule = details.rule ? tMaybe(`refused.${details.rule}`, { card }) : null;
    const cards = (details.legal ?? []).filter(isCardAction).map(cardName);
    const instead = cards.length ? ` ${t('refused.instead', { cards: cards.join(', ') })}` : '';
    return (rule ?? t('refusal.illegal_card', { card })) + instead;
  }
  return tMaybe(`refusal.${code}`) ?? t('refusal.other');
}
