// The chat of a table: the players' room for the seated, the spectators' room for the
// others (or none, when the owner turned it off). Lines are text, never markup; a
// player can be muted, which hides their lines from this viewer only (kept in this
// browser, see lib/mutes.ts).

import { useEffect, useRef, useState } from 'preact/hooks';
import { t } from '../i18n';
import { mutedBy, setMuted } from '../lib/mutes';
import { session } from '../lib/session';
import type { ChatLine, TableState } from '../lib/tableState';

/** The chat of the table in `state`, sending with `onSend`. */
export function TableChat({ state, onSend, disabled }: { state: TableState; onSend: (text: string) => void; disabled: boolean }) {
  const spectator = state.seat === null;
  if (spectator && state.table?.spectator_chat === 'off') {
    return (
      <section class="chat" aria-labelledby="chat-title" data-testid="chat">
        <h2 id="chat-title">{t('chat.spectators')}</h2>
        <p class="muted" data-testid="chat-off">
          {t('chat.off')}
        </p>
      </section>
    );
  }
  return <Chat lines={state.chat} onSend={onSend} disabled={disabled} spectator={spectator} />;
}

export function Chat({ lines, onSend, disabled, spectator = false }: { lines: ChatLine[]; onSend: (text: string) => void; disabled: boolean; spectator?: boolean }) {
  const [text, setText] = useState('');
  const me = session.value?.user.id ?? null;
  const muted = mutedBy(me);
  const shown = lines.filter((line) => !(line.userId in muted));
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight; // the list scrolls, never the page
  }, [shown.length]);
  return (
    <section class="chat" aria-labelledby="chat-title" data-testid="chat">
      <h2 id="chat-title">{spectator ? t('chat.spectators') : t('chat.title')}</h2>
      {spectator && <p class="muted small">{t('chat.spectatorsHelp')}</p>}
      <ol ref={list} class="chat-lines" aria-live="polite" tabIndex={0} aria-labelledby="chat-title">
        {shown.length === 0 && <li class="muted">{t('chat.empty')}</li>}
        {shown.map((line) => (
          <li key={line.id} data-user={line.userId}>
            <strong>{line.name}:</strong> <bdi>{line.text}</bdi>
            {me && line.userId !== me && (
              <button type="button" class="mute" onClick={() => setMuted(me, line.userId, line.name, true)} aria-label={t('chat.muteName', { name: line.name })}>
                {t('chat.mute')}
              </button>
            )}
          </li>
        ))}
      </ol>
      {me && Object.keys(muted).length > 0 && (
        <ul class="muted-list" aria-label={t('chat.mutedTitle')} data-testid="muted">
          {Object.entries(muted).map(([user, name]) => (
            <li>
              {t('chat.muted', { name })}{' '}
              <button type="button" class="mute" onClick={() => setMuted(me, user, name, false)} aria-label={t('chat.unmuteName', { name })}>
                {t('chat.unmute')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form
        class="chat-form"
        onSubmit={(e) => {
          e.preventDefault();
          const value = text.trim();
          if (value) onSend(value.slice(0, 500));
          setText('');
        }}
      >
        <input
          type="text"
          value={text}
          maxLength={500}
          aria-label={t('chat.placeholder')}
          placeholder={t('chat.placeholder')}
          onInput={(e) => setText((e.target as HTMLInputElement).value)}
          disabled={disabled}
        />
        <button type="submit" disabled={disabled}>
          {t('chat.send')}
        </button>
      </form>
    </section>
  );
}
