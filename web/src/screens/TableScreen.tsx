// A table: the waiting room until the cards are dealt, then the felt, our hand, the
// choices, the status, the chat, and the round and game dialogs.

import { useEffect, useMemo, useState } from 'preact/hooks';
import { Felt, TrickList } from '../components/Felt';
import { Hand } from '../components/Hand';
import { TableChat } from '../components/Chat';
import { ChoicePanel, choiceTitle, GameOverDialog, InfoBar, RoundSummaryDialog } from '../components/Panels';
import { t, type MessageKey } from '../i18n';
import { BotIcon } from '../components/Icons';
import { GameActions, ownerOf, RematchControls, SeatControl, WaitingActions } from '../components/TableActions';
import { ApiError } from '../lib/api';
import { handView, type HandCard } from '../lib/cards';
import { cardList, cardName, describeEvent, seatName, seatPlace } from '../lib/describe';
import { knownInvite, rememberInvite } from '../lib/invites';
import { isCardAction, isKraken, type SeatView, type TableView } from '../lib/protocol';
import { refusalText } from '../lib/refusals';
import { tableHref } from '../lib/router';
import { session } from '../lib/session';
import { TableController } from '../lib/tableController';
import { myTurn } from '../lib/tableState';

function InviteBox({ tableId, invite }: { tableId: string; invite: string }) {
  const [copied, setCopied] = useState(false);
  const url = `${window.location.origin}${tableHref(tableId, invite)}`;
  return (
    <div class="invite">
      <label for="invite-url">{t('table.invite')}</label>
      <div class="invite-row">
        <input id="invite-url" readOnly value={url} onFocus={(e) => (e.target as HTMLInputElement).select()} data-testid="invite-url" />
        <button
          type="button"
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(url);
              setCopied(true);
            } catch {
              (document.getElementById('invite-url') as HTMLInputElement | null)?.select();
            }
          }}
        >
          {copied ? t('table.copied') : t('table.copy')}
        </button>
      </div>
    </div>
  );
}

function WaitingRoom({ controller, table }: { controller: TableController; table: TableView }) {
  const me = session.value?.user.id;
  const mySeat = table.seats.find((s) => s.user_id === me)?.seat ?? null;
  const isOwner = ownerOf(table) === me;
  const openSeats = table.seats.filter((s) => s.open || s.reserved).length;
  const invite = controller.invite ?? knownInvite(table.id);
  // a kept seat is ours to take when it is kept for us, or for the invite we hold
  const kept = controller.state.value.kept;
  const takeable = (s: SeatView) => s.open || (!!s.reserved && ((s.reservation === 'invite' && !!invite) || s.seat === kept));
  const [error, setError] = useState<string | null>(null);
  const run = async (fn: () => Promise<void>) => {
    setError(null);
    try {
      await fn();
    } catch (e) {
      setError(e instanceof ApiError ? refusalText(e.code, e.details, table) : String(e));
    }
  };
  return (
    <section class="waiting card-panel" data-testid="waiting-room">
      <ol class="seat-list">
        {table.seats.map((s) => (
          <li data-seat={s.seat}>
            <span class="seat-place">{seatPlace(table.game, s.seat)}</span>{' '}
            {isOwner && s.seat !== mySeat && !s.reserved ? (
              <SeatControl controller={controller} table={table} seat={s.seat} />
            ) : s.open || s.reserved ? (
              mySeat === null && takeable(s) ? (
                <button type="button" class="primary" data-testid={`take-seat-${s.seat}`} onClick={() => run(() => controller.join(s.seat))}>
                  {t('table.takeSeat')}
                </button>
              ) : (
                <em class="muted">{s.reserved ? t(s.reservation === 'invite' ? 'table.keptInvite' : 'table.keptPlayer') : t('table.openSeat')}</em>
              )
            ) : (
              <strong>
                {s.kind === 'bot' && <BotIcon />} {seatName(table, s.seat)}
                {s.seat === mySeat ? ` (${t('table.you')})` : ''}
              </strong>
            )}
          </li>
        ))}
      </ol>
      {invite && mySeat !== null && <InviteBox tableId={table.id} invite={invite} />}
      {isOwner ? (
        openSeats > 0 ? (
          <p>{t('table.waitingSeats')}</p>
        ) : (
          <button type="button" class="primary big" data-testid="deal" onClick={() => run(() => controller.deal())}>
            {t('table.start')}
          </button>
        )
      ) : (
        <p>{mySeat === null ? t('table.spectator') : openSeats > 0 ? t('table.waitingSeats') : t('table.waitingHost')}</p>
      )}
      <WaitingActions controller={controller} table={table} />
      {error && <p role="alert" class="error">{error}</p>}
    </section>
  );
}

export function TableScreen({ id, invite }: { id: string; invite: string | null }) {
  const controller = useMemo(() => new TableController(id, invite), [id, invite]);
  const [focusIndex, setFocusIndex] = useState(0);
  const [showLast, setShowLast] = useState(false);
  const [hideOver, setHideOver] = useState<string | null>(null);
  useEffect(() => {
    if (invite) rememberInvite(id, invite);
    controller.start();
    return () => controller.stop();
  }, [controller]);

  const state = controller.state.value;
  const table = state.table;
  const status = controller.status.value;
  const obs = state.observation;
  const game = table?.game ?? 'kraken';
  const trump = isKraken(obs) ? obs.trump : null;
  const mine = myTurn(state);
  const legal = mine && obs ? obs.legal_actions : [];
  const hand: HandCard[] = obs ? handView(game, obs.hand, legal, trump) : [];
  const choices = legal.filter((a) => !isCardAction(a));
  const online = status === 'open';
  const sending = controller.sending.value;

  const play = (card: HandCard) => {
    if (!online || sending) return; // the hand says why; a click never queues a move
    if (!mine) {
      controller.say(t('table.notYourTurn'));
      return;
    }
    if (choices.length) {
      controller.say(choiceTitle(state));
      return;
    }
    if (!card.legal) {
      // the engine says which rule the card breaks (the client implements none): the
      // server refuses it, changing nothing, and the refusal is shown in our words
      if (controller.act(card.card)) return;
      const playable = hand.filter((c) => c.legal).map((c) => c.card);
      controller.say(t('table.refused', { card: cardName(card.card), cards: cardList(playable) }));
      return;
    }
    controller.act(card.card);
  };

  // number keys play the card at that place or take the choice with that number; L
  // shows the last trick
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (e.ctrlKey || e.metaKey || e.altKey || (target && /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
      if (document.querySelector('dialog[open]')) return;
      if (/^[1-9]$/.test(e.key)) {
        const n = Number(e.key) - 1;
        if (choices.length) {
          if (choices[n] && online) controller.act(choices[n]);
        } else if (hand[n]) {
          play(hand[n]);
        }
        e.preventDefault();
      } else if (e.key === 'l' || e.key === 'L') {
        setShowLast((v) => !v);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const error = state.error;
  useEffect(() => {
    if (error) {
      controller.say(refusalText(error.code, error.details, controller.state.value.table));
      controller.dismissError();
    }
  }, [error?.id]);

  if (status === 'closed' && controller.closedCode.value) {
    const code = controller.closedCode.value;
    return (
      <main id="main" class="screen">
        <p role="alert" class="error">
          {code === 4404 ? t('table.notFound') : code === 4403 ? t('table.private') : t('table.closed', { code })}
        </p>
        <a href="/">{t('table.leave')}</a>
      </main>
    );
  }
  if (!table) {
    return (
      <main id="main" class="screen">
        <p role="status">{t('table.connecting')}</p>
      </main>
    );
  }
  if (table.status === 'closed') {
    return (
      <main id="main" class="screen">
        <p role="alert" data-testid="table-closed">
          {t('life.closed')}
        </p>
        <a href="/">{t('table.leave')}</a>
      </main>
    );
  }

  const recent = state.log.slice(-12).reverse();
  const over = !!state.result && hideOver !== state.gameId;
  const waitingFor = state.toMove !== null && !mine ? seatName(table, state.toMove) : null;
  const notice = controller.notice.value;

  return (
    <main id="main" class={`screen table-screen game-${game}`} data-testid="table-screen" data-version={state.version}>
      <h1 class="visually-hidden">{t('table.title', { game: t(`game.${game}` as MessageKey) })}</h1>
      <div class="sr-live visually-hidden" aria-live="polite" aria-atomic="true" data-testid="live">
        {controller.announcement.value}
      </div>
      {status !== 'open' && (
        <div class="conn-banner" role="status" data-testid="connection">
          {status === 'reconnecting' ? t('table.reconnecting') : t('table.connecting')}
        </div>
      )}
      {table.status === 'waiting' || !state.gameId ? (
        <WaitingRoom controller={controller} table={table} />
      ) : (
        <div class="table-layout">
          <div class="play-area">
            <InfoBar state={state} score={controller.score.value} />
            <Felt state={state} held={controller.heldTrick.value}>
              {mine && choices.length > 0 && online && <ChoicePanel state={state} actions={choices} onChoose={(a) => controller.act(a)} />}
            </Felt>
            <div class="status-line" role="status" data-testid="status-line">
              {state.seat === null
                ? t('table.spectator')
                : mine
                  ? choices.length
                    ? null
                    : t('table.yourTurn')
                  : waitingFor
                    ? t('table.waitFor', { seat: waitingFor })
                    : null}
            </div>
            {notice && (
              <div class="toast" role="alert" key={notice.id} data-testid="notice">
                {notice.text}
              </div>
            )}
            {state.seat !== null && (!online || sending) && (
              <p class="hand-status" role="status" data-testid="hand-status">
                {online ? t('table.sending') : t('table.offlineHand')}
              </p>
            )}
            {state.seat !== null && (
              <Hand
                cards={hand}
                focusIndex={focusIndex}
                setFocusIndex={setFocusIndex}
                onPlay={play}
                active={mine && !choices.length && online && !sending}
                disabled={!online}
              />
            )}
            <p class="keys-help muted">{t('table.keys')}</p>
          </div>
          <aside class="side">
            {!state.result && <GameActions controller={controller} table={table} state={state} />}
            <button type="button" class="last-trick-button" aria-expanded={showLast} onClick={() => setShowLast(!showLast)} data-testid="last-trick-button">
              {t('table.lastTrick')}
            </button>
            {showLast && (
              <section class="last-trick" data-testid="last-trick">
                {state.lastTrick ? <TrickList trick={state.lastTrick} table={table} /> : <p class="muted">{t('table.noLastTrick')}</p>}
              </section>
            )}
            <section class="log" aria-labelledby="log-title">
              <h2 id="log-title">{t('table.log')}</h2>
              <ol tabIndex={0} aria-labelledby="log-title">
                {recent.map((entry) => {
                  const text = describeEvent(table, entry.event);
                  return text ? <li key={entry.id}>{text}</li> : null;
                })}
              </ol>
            </section>
            <TableChat state={state} onSend={(text) => controller.chat(text)} disabled={status !== 'open'} />
          </aside>
        </div>
      )}
      {table.status === 'waiting' && <TableChat state={state} onSend={(text) => controller.chat(text)} disabled={status !== 'open'} />}
      {state.summary && <RoundSummaryDialog summary={state.summary} state={state} invite={invite} onClose={() => controller.closeSummary()} />}
      {over && !state.summary && (
        <GameOverDialog
          state={state}
          invite={invite}
          rematch={<RematchControls controller={controller} table={table} />}
          onClose={() => setHideOver(state.gameId)}
        />
      )}
    </main>
  );
}
