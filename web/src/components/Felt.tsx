// The table top: the seats around it (ours at the bottom) with who they are, who is
// to move, bots thinking and turn timers, and the trick in the middle.

import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { t } from '../i18n';
import { cardName, seatAngles, seatName, seatPlace } from '../lib/describe';
import type { GurkaObservation, KrakenObservation, TableView } from '../lib/protocol';
import { isKraken, isKrakenView } from '../lib/protocol';
import { clockLeft, formatClock, type DoneTrick, type TableState } from '../lib/tableState';
import { CardFace } from './CardFace';
import { BotIcon } from './Icons';

function position(angle: number): { x: number; y: number } {
  const rad = (angle * Math.PI) / 180;
  return { x: -Math.sin(rad), y: Math.cos(rad) };
}

/** The page's clock (ms), ticking every `every` ms while `active`. */
export function useNow(active: boolean, every = 250): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), every);
    return () => clearInterval(timer);
  }, [active, every]);
  return now;
}

export function Felt({ state, held, children }: { state: TableState; held: DoneTrick | null; children?: ComponentChildren }) {
  const table = state.table as TableView;
  const players = table.seats.length;
  const angles = seatAngles(players, state.seat);
  const obs = state.observation;
  const kraken = isKraken(obs) ? obs : null;
  const gurka = obs && !isKraken(obs) ? (obs as GurkaObservation) : null;
  const timer = table.turn_timer && state.toMove !== null && !state.result ? table.turn_timer : null;
  const clockRuns = state.clock?.running !== null && state.clock?.running !== undefined && !state.result;
  const now = useNow(timer !== null || clockRuns);
  // a completed trick stays a moment (with its winner) before the next one shows
  const showing: { plays: [number, string][]; winner: number | null } = held
    ? { plays: held.plays, winner: held.winner }
    : { plays: state.trick, winner: null };
  // a spectator knows the dealer and the declarer from the public view
  const seen = obs ?? state.view;
  const dealer = seen?.dealer ?? null;
  const declarer = isKrakenView(seen) ? seen.declarer : null;
  return (
    <div class={`felt felt-${players}`} data-testid="felt">
      <ul class="seats" aria-label={t('table.seats')}>
        {table.seats.map((s) => {
          const { x, y } = position(angles[s.seat]);
          const isMe = s.seat === state.seat;
          const partner = table.game === 'kraken' && state.seat !== null && !isMe && s.seat % 2 === state.seat % 2;
          const toMove = state.toMove === s.seat && !state.result;
          const isBot = s.kind === 'bot' || s.controller === 'bot';
          const out = gurka?.alive ? !gurka.alive.includes(s.seat) : false;
          const left =
            timer && toMove && !isBot
              ? Math.max(
                  0,
                  Math.min(timer, Math.ceil(state.deadline ? state.deadline - now / 1000 : timer - (now - state.turnSince) / 1000)),
                )
              : null;
          const cardsLeft = kraken
            ? 8 - kraken.tricks.length - (kraken.trick.some(([seat]) => seat === s.seat) ? 1 : 0)
            : gurka
              ? (gurka.hand_sizes[s.seat] ?? 0)
              : null;
          const name = s.open ? t('table.openSeat') : seatName(table, s.seat);
          const clock = clockLeft(state, s.seat, now);
          const place = seatPlace(table.game, s.seat);
          const badges: string[] = [];
          if (isMe) badges.push(t('table.you'));
          if (partner) badges.push(t('table.partner'));
          if (s.kind === 'bot') badges.push(t('table.bot'));
          else if (s.controller === 'bot') badges.push(t('table.botTookOver'));
          else if (!s.connected && !s.open && state.table?.status === 'playing') badges.push(t('table.offline'));
          if (dealer === s.seat) badges.push(t('table.dealer'));
          if (declarer === s.seat) badges.push(t('table.declarer'));
          if (out) badges.push(t('table.out'));
          return (
            <li
              key={s.seat}
              class={`seat${isMe ? ' me' : ''}${toMove ? ' to-move' : ''}${out ? ' out' : ''}${partner ? ' partner' : ''}`}
              style={{ '--x': x.toFixed(3), '--y': y.toFixed(3) }}
              data-seat={s.seat}
              aria-current={toMove ? 'true' : undefined}
            >
              <div class="seat-name">
                {isBot && <BotIcon />}
                <strong>{name}</strong>
                {table.game === 'kraken' && name !== place && <span class="seat-place"> · {place}</span>}
              </div>
              {badges.length > 0 && (
                <div class="badges">
                  {badges.map((b) => (
                    <span class="badge">{b}</span>
                  ))}
                </div>
              )}
              <div class="seat-facts">
                {cardsLeft !== null && !isMe && <span class="cards-left">{t('table.cardsLeft', { cards: cardsLeft })}</span>}
                {gurka?.scores && <span class="penalty">{t('table.penalty', { points: gurka.scores[s.seat] })}</span>}
                {gurka?.chips && <span class="chips">{t('table.chips', { chips: gurka.chips[s.seat] })}</span>}
                {kraken && kraken.declared_roem[String(s.seat)] ? <span class="roem">roem {kraken.declared_roem[String(s.seat)]}</span> : null}
                {clock !== null && (
                  <span
                    class={`game-clock${state.clock?.running === s.seat ? ' running' : ''}${clock <= 10 ? ' urgent' : ''}`}
                    data-testid="seat-clock"
                    aria-label={t('table.clockLabel', { seat: name, time: formatClock(clock) })}
                  >
                    {formatClock(clock)}
                  </span>
                )}
              </div>
              {toMove && (
                <div class="turn" role="status">
                  {isBot ? (
                    <span class="thinking">
                      {t('table.thinking', { seat: name })}
                      <span class="dots" aria-hidden="true">
                        <i />
                        <i />
                        <i />
                      </span>
                    </span>
                  ) : (
                    <span class="to-move-label">{t('table.toMove')}</span>
                  )}
                  {left !== null && (
                    <span class={`timer${left <= 5 ? ' urgent' : ''}`} aria-label={t('table.timerLabel', { seat: name, seconds: left })}>
                      ⏱ {t('table.timer', { seconds: left })}
                    </span>
                  )}
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <div class="trick" role="group" aria-label={t('table.trick')} data-testid="trick">
        {showing.plays.map(([seat, card]) => {
          const { x, y } = position(angles[seat]);
          return (
            <div
              key={`${seat}-${card}`}
              class={`trick-card${showing.winner === seat ? ' winner' : ''}${showing.winner !== null ? ' done' : ''}`}
              style={{ '--x': x.toFixed(3), '--y': y.toFixed(3) }}
              data-card={card}
              data-seat={seat}
            >
              <CardFace card={card} title={`${seatName(table, seat)}: ${cardName(card)}`} />
            </div>
          );
        })}
      </div>
      {children && <div class="felt-center">{children}</div>}
    </div>
  );
}

export function TrickList({ trick, table }: { trick: DoneTrick; table: TableView }) {
  return (
    <ul class="trick-list">
      {trick.plays.map(([seat, card]) => (
        <li class={seat === trick.winner ? 'winner' : ''}>
          <span class="mini-card">
            <CardFace card={card} />
          </span>
          <span>
            {seatName(table, seat)}: {cardName(card)}
          </span>
        </li>
      ))}
    </ul>
  );
}

export type { KrakenObservation };
