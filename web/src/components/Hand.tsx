// The player's hand: sorted, legal cards raised, the rest dimmed. A toolbar with a
// roving focus: arrow keys move, Enter or Space plays, Home/End jump.

import { useRef } from 'preact/hooks';
import { t } from '../i18n';
import type { HandCard } from '../lib/cards';
import { cardName } from '../lib/describe';
import { CardFace } from './CardFace';

export function Hand({
  cards,
  focusIndex,
  setFocusIndex,
  onPlay,
  active,
  disabled = false,
}: {
  cards: HandCard[];
  focusIndex: number;
  setFocusIndex: (i: number) => void;
  onPlay: (card: HandCard) => void;
  active: boolean;
  /** No card can be played at all (the table is not connected). */
  disabled?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const focusAt = (i: number) => {
    const n = cards.length;
    if (!n) return;
    const index = (i + n) % n;
    setFocusIndex(index);
    const buttons = ref.current?.querySelectorAll<HTMLButtonElement>('button.hand-card');
    buttons?.[index]?.focus();
  };
  const rtl = typeof document !== 'undefined' && document.documentElement.dir === 'rtl';
  const onKey = (e: KeyboardEvent) => {
    const i = Math.min(focusIndex, cards.length - 1);
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
    const backward = rtl ? 'ArrowRight' : 'ArrowLeft';
    if (e.key === forward || e.key === 'ArrowDown') focusAt(i + 1);
    else if (e.key === backward || e.key === 'ArrowUp') focusAt(i - 1);
    else if (e.key === 'Home') focusAt(0);
    else if (e.key === 'End') focusAt(cards.length - 1);
    else return;
    e.preventDefault();
  };
  const current = Math.max(0, Math.min(focusIndex, cards.length - 1));
  return (
    <div
      ref={ref}
      class={`hand${active ? ' hand-active' : ''}${disabled ? ' hand-disabled' : ''}`}
      role="toolbar"
      aria-label={t('table.hand')}
      aria-orientation="horizontal"
      onKeyDown={onKey}
      style={{ '--cards': cards.length }}
    >
      {cards.map((c, i) => {
        const name = cardName(c.card);
        return (
          <button
            type="button"
            key={c.card}
            class={`hand-card${c.legal ? ' legal' : ''}${c.dimmed ? ' dimmed' : ''}`}
            data-card={c.card}
            data-legal={c.legal ? 'true' : 'false'}
            aria-disabled={c.dimmed || disabled ? 'true' : undefined}
            disabled={disabled}
            aria-label={`${i + 1}: ${name}`}
            tabIndex={i === current ? 0 : -1}
            onFocus={() => setFocusIndex(i)}
            onClick={() => onPlay(c)}
          >
            <CardFace card={c.card} />
          </button>
        );
      })}
    </div>
  );
}
