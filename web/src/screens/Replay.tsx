// The replay of a finished game, step by step: every hand open (the game is over),
// the trick, the game's status and what each action was. The frames come from the
// server, which replays the record through the engine.

import { useEffect, useState } from 'preact/hooks';
import { CardFace } from '../components/CardFace';
import { BotIcon, ReplayIcon } from '../components/Icons';
import { t, type MessageKey } from '../i18n';
import { apiHeaders } from '../lib/api';
import { sortHand } from '../lib/cards';
import { cardName, describeEvent, seatAngles, seatName, seatPlace, suitName } from '../lib/describe';
import type { GameEvent, GameName, TableView } from '../lib/protocol';
import { doneTrick } from '../lib/tableState';
import { useApi } from './Pages';

interface Frame {
  seat: number | null;
  action: string | null;
  events: GameEvent[];
  hands: string[][];
  view: Record<string, unknown>;
}

interface ReplayData {
  game: GameName;
  game_id: string;
  players: unknown[] | null;
  /** The name of each seat's player at the deal (null for the server's bots). */
  names?: (string | null)[] | null;
  result: unknown;
  rules: Record<string, unknown>;
  frames: Frame[];
}

/** A stand-in table for naming the seats of a replay. */
function replayTable(data: ReplayData): TableView {
  const seats = data.frames[0].hands.map((_, seat) => {
    const p = data.players?.[seat];
    const kind = Array.isArray(p) ? String(p[0]) : 'human';
    return {
      seat,
      kind: (kind === 'bot' ? 'bot' : 'human') as 'bot' | 'human',
      user_id: null,
      name: data.names?.[seat] ?? null,
      level: Array.isArray(p) ? (p[2] as string | null) : null,
      open: false,
      reserved: false,
      reservation: null,
      connected: true,
      controller: 'player' as const,
    };
  });
  return {
    id: '',
    game: data.game,
    rules: data.rules,
    status: 'finished',
    public: false,
    rated: false,
    owner: { id: '', name: null },
    turn_timer: null,
    clock: null,
    spectator_chat: 'apart',
    game_id: data.game_id,
    game_number: 0,
    seats,
    proposals: {},
    claim_after: 0,
  };
}

/** The frames where a round begins (after each round event). */
export function roundStarts(frames: Frame[]): number[] {
  const starts = [0];
  frames.forEach((f, i) => {
    if (f.events.some((e) => e.type === 'round') && i + 1 < frames.length) starts.push(i + 1);
  });
  return starts;
}

/**
 * Download the record of a game of a private table: the invite goes in a header,
 * which a plain download link cannot send, so the file is fetched and saved from here.
 */
async function downloadRecord(path: string, invite: string, fallbackName: string): Promise<void> {
  const response = await fetch(path, { headers: apiHeaders({ invite }) });
  if (!response.ok) throw new Error(response.statusText);
  const name = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function Replay({ id, invite = null }: { id: string; invite?: string | null }) {
  const loaded = useApi<ReplayData>(`/api/games/${encodeURIComponent(id)}/replay`, invite);
  const [step, setStep] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [recordError, setRecordError] = useState<string | null>(null);
  const frames = loaded.status === 'ok' ? loaded.data.frames : [];
  const last = Math.max(0, frames.length - 1);
  const go = (n: number) => setStep(Math.max(0, Math.min(last, n)));

  useEffect(() => {
    if (!playing) return;
    if (step >= last) {
      setPlaying(false);
      return;
    }
    const timer = setTimeout(() => go(step + 1), 700);
    return () => clearTimeout(timer);
  }, [playing, step, last]);

  if (loaded.status !== 'ok') {
    return (
      <main id="main" class="screen">
        {loaded.status === 'loading' ? (
          <p role="status">{t('common.loading')}</p>
        ) : (
          <p class="error" role="alert">
            {t('replay.unavailable', { reason: loaded.status === 'error' ? loaded.message : t('common.notFound') })}
          </p>
        )}
      </main>
    );
  }
  const data = loaded.data;
  const table = replayTable(data);
  const recordPath = `/api/games/${encodeURIComponent(id)}/record?download=true`;
  const starts = roundStarts(frames);
  const frame = frames[step];
  const roundIndex = starts.filter((s) => s <= step).length - 1;
  const players = frame.hands.length;
  const angles = seatAngles(players, data.game === 'kraken' ? 2 : 0);
  const trickEvent = frame.events.find((e) => e.type === 'trick');
  const done = trickEvent && trickEvent.type === 'trick' ? doneTrick(trickEvent.trick, players) : null;
  const trick: [number, string][] = done ? done.plays : ((frame.view.trick as [number, string][]) ?? []);
  const trump = (frame.view.trump as string | null) ?? null;
  const said = frame.events.map((e) => describeEvent(table, e)).filter(Boolean);

  const onKey = (e: KeyboardEvent) => {
    const rtl = document.documentElement.dir === 'rtl';
    const map: Record<string, () => void> = {
      [rtl ? 'ArrowLeft' : 'ArrowRight']: () => go(step + 1),
      [rtl ? 'ArrowRight' : 'ArrowLeft']: () => go(step - 1),
      Home: () => go(0),
      End: () => go(last),
      PageDown: () => go(starts[roundIndex + 1] ?? last),
      PageUp: () => go(starts[step === starts[roundIndex] ? Math.max(0, roundIndex - 1) : roundIndex]),
      ' ': () => setPlaying(!playing),
    };
    const fn = map[e.key];
    if (fn && !(e.target as HTMLElement).matches('input')) {
      e.preventDefault();
      fn();
    }
  };

  return (
    <main id="main" class={`screen replay game-${data.game}`} data-testid="replay" onKeyDown={onKey} tabIndex={-1}>
      <h1>{t('replay.title', { game: t(`game.${data.game}` as MessageKey) })}</h1>
      <div class="replay-controls" role="group" aria-label={t('replay.keys')}>
        <button type="button" onClick={() => go(0)} aria-label={t('replay.first')} title={t('replay.first')}>
          <ReplayIcon name="first" />
        </button>
        <button type="button" onClick={() => go(starts[Math.max(0, roundIndex - 1)])} aria-label={t('replay.prevRound')} title={t('replay.prevRound')}>
          <ReplayIcon name="prevRound" />
        </button>
        <button type="button" onClick={() => go(step - 1)} aria-label={t('replay.prev')} title={t('replay.prev')} data-testid="replay-prev">
          <ReplayIcon name="prev" />
        </button>
        <button
          type="button"
          class="replay-play"
          onClick={() => setPlaying(!playing)}
          aria-label={playing ? t('replay.pause') : t('replay.play')}
          title={playing ? t('replay.pause') : t('replay.play')}
          data-testid="replay-play"
        >
          <ReplayIcon name={playing ? 'pause' : 'play'} />
        </button>
        <button type="button" onClick={() => go(step + 1)} aria-label={t('replay.next')} title={t('replay.next')} data-testid="replay-next">
          <ReplayIcon name="next" />
        </button>
        <button type="button" onClick={() => go(starts[roundIndex + 1] ?? last)} aria-label={t('replay.nextRound')} title={t('replay.nextRound')}>
          <ReplayIcon name="nextRound" />
        </button>
        <button type="button" onClick={() => go(last)} aria-label={t('replay.last')} title={t('replay.last')}>
          <ReplayIcon name="last" />
        </button>
        <input
          type="range"
          min={0}
          max={last}
          value={step}
          aria-label={t('replay.step', { position: step, length: last })}
          aria-valuetext={t('replay.step', { position: step, length: last })}
          onInput={(e) => go(Number((e.target as HTMLInputElement).value))}
        />
        <span class="muted" data-testid="replay-step">
          {t('replay.step', { position: step, length: last })} · {t('table.roundGurka', { number: roundIndex + 1 })}
        </span>
      </div>
      <p class="replay-said" aria-live="polite" data-testid="replay-said">
        {step === 0 ? t('replay.deal') : said.join(' ')}
      </p>
      {data.game === 'kraken' && (
        <p class="info-bar">
          <span class="info-item">
            {t('info.trump')}: {trump ? suitName(trump) : t('info.notChosen')}
          </span>
          <span class="info-item">
            {t('info.multiplier')} ×{String(frame.view.multiplier ?? 1)}
          </span>
          <span class="info-item">
            {t('info.cardPoints')}: {(frame.view.card_points as number[] | undefined)?.join(' – ')}
          </span>
        </p>
      )}
      {data.game === 'gurka' && Array.isArray(frame.view.scores) && (
        <p class="info-bar">
          <span class="info-item">
            {t('info.pot')}: {String(frame.view.pot ?? 0)}
          </span>
        </p>
      )}
      <div class={`felt replay-felt felt-${players}`}>
        <ul class="seats">
          {frame.hands.map((hand, seat) => {
            const rad = (angles[seat] * Math.PI) / 180;
            const scores = frame.view.scores as number[] | null | undefined;
            return (
              <li
                class={`seat open-hand${frame.seat === seat ? ' to-move' : ''}`}
                style={{ '--x': (-Math.sin(rad)).toFixed(3), '--y': Math.cos(rad).toFixed(3) }}
                data-seat={seat}
              >
                <div class="seat-name">
                  {table.seats[seat].kind === 'bot' && <BotIcon />}
                  <strong data-testid={`replay-seat-${seat}`}>{seatName(table, seat)}</strong>
                  {data.game === 'kraken' && <span class="seat-place"> · {seatPlace(data.game, seat)}</span>}
                  {data.game === 'gurka' && scores ? <span class="muted"> · {scores[seat]}</span> : null}
                </div>
                <div class="mini-hand" aria-label={hand.map(cardName).join(', ')}>
                  {sortHand(data.game, hand, trump).map((c) => (
                    <span class="mini-card">
                      <CardFace card={c} />
                    </span>
                  ))}
                </div>
              </li>
            );
          })}
        </ul>
        <div class="trick">
          {trick.map(([seat, card]) => {
            const rad = (angles[seat] * Math.PI) / 180;
            return (
              <div
                class={`trick-card${done && done.winner === seat ? ' winner' : ''}`}
                style={{ '--x': (-Math.sin(rad)).toFixed(3), '--y': Math.cos(rad).toFixed(3) }}
              >
                <CardFace card={card} title={cardName(card)} />
              </div>
            );
          })}
        </div>
      </div>
      <p>
        <a
          href={recordPath}
          download
          onClick={(e) => {
            if (!invite) return;
            e.preventDefault();
            setRecordError(null);
            downloadRecord(recordPath, invite, `cardtable-${data.game}-${id}.json`).catch((err) =>
              setRecordError(err instanceof Error ? err.message : String(err)),
            );
          }}
        >
          JSON
        </a>
        {recordError && (
          <span class="error" role="alert">
            {' '}
            {t('common.error', { message: recordError })}
          </span>
        )}
      </p>
    </main>
  );
}
