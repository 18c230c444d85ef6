// The parts around the felt: the game's status (trump, declarer, multiplier, roem,
// score; or pot and penalties), the choice panel for actions that are not cards,
// and the round summary and game over dialogs (the chat is in Chat.tsx).

import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { t, type MessageKey } from '../i18n';
import { api } from '../lib/api';
import { parseCard, suitSymbol, type Suit } from '../lib/cards';
import { actionLabel, cardName, seatName, suitName } from '../lib/describe';
import type {
  GurkaGameResult,
  GurkaObservation,
  GurkaRoundResult,
  GurkaView,
  KrakenGameResult,
  KrakenRoundResult,
  PublicView,
  TableView,
} from '../lib/protocol';
import { isKraken, isKrakenView } from '../lib/protocol';
import { withInvite } from '../lib/router';
import type { ScoreInfo } from '../lib/tableController';
import type { RoundSummary, TableState } from '../lib/tableState';
import { CardFace } from './CardFace';
import { TrickList } from './Felt';
import { Modal } from './Modal';

function teamLabel(team: number, mySeat: number | null): string {
  const name = t(`team.${team}` as MessageKey);
  return mySeat !== null && mySeat % 2 === team ? `${name} (${t('info.us')})` : name;
}

function SuitBadge({ suit }: { suit: string }) {
  return (
    <span class={`suit-badge suit-${suit}`}>
      <span aria-hidden="true">{suitSymbol(suit as Suit)}</span> {suitName(suit)}
    </span>
  );
}

export function InfoBar({ state, score }: { state: TableState; score: ScoreInfo | null }) {
  const table = state.table as TableView;
  // a spectator reads the contract, the points and the pot from the public view
  const obs: PublicView | null = state.observation ?? state.view;
  const result = score && score.game_id === state.gameId ? score.result : null;
  if (table.game === 'kraken') {
    const k = isKrakenView(obs) ? obs : null;
    const mine = state.seat !== null ? state.seat % 2 : 0;
    const us = (pair: number[] | undefined) => (pair ? `${pair[mine]} – ${pair[1 - mine]}` : '–');
    const kres = result as KrakenGameResult | null;
    const target = typeof table.rules.target_score === 'number' ? table.rules.target_score : null;
    const total = target === null ? Number(table.rules.rounds ?? 16) : Infinity;
    const roundNo = kres ? Math.min(kres.rounds.length + (state.result ? 0 : 1), total) : null;
    const pairLabel = state.seat !== null ? `${t('info.us')} – ${t('info.them')}` : `${t('team.0')} – ${t('team.1')}`;
    return (
      <section class="info-bar" aria-label={t('info.status')} data-testid="info-bar">
        {roundNo !== null && (
          <div class="info-item">
            {target === null ? t('table.round', { number: roundNo, total }) : t('table.roundTarget', { number: roundNo, target })}
          </div>
        )}
        <div class="info-item" data-testid="trump">
          <span class="info-label">{t('info.trump')}</span> {k?.trump ? <SuitBadge suit={k.trump} /> : <em>{t('info.notChosen')}</em>}
        </div>
        {k?.declarer !== null && k?.declarer !== undefined && (
          <div class="info-item">
            <span class="info-label">{t('info.declarer')}</span> {seatName(table, k.declarer)}
          </div>
        )}
        <div class="info-item">
          <span class="info-label">{t('info.multiplier')}</span> ×{k?.multiplier ?? 1}
        </div>
        <div class="info-item">
          <span class="info-label">{t('info.cardPoints')}</span> {us(k?.card_points)}
        </div>
        <div class="info-item">
          <span class="info-label">{t('info.roem')}</span> {us(k?.roem)}
        </div>
        <div class="info-item score" data-testid="score">
          <span class="info-label">{t('info.score')}</span> {us(kres?.scores)} <span class="info-sub">({pairLabel})</span>
        </div>
      </section>
    );
  }
  const g = obs && !isKrakenView(obs) ? (obs as GurkaView) : null;
  return (
    <section class="info-bar" aria-label={t('info.status')} data-testid="info-bar">
      {g?.round_number ? <div class="info-item">{t('table.roundGurka', { number: g.round_number })}</div> : null}
      <div class="info-item">
        <span class="info-label">{t('info.pot')}</span> {g?.pot ?? 0}
      </div>
      <div class="info-item">{t('info.outAt', { points: Number(table.rules.eliminate_at ?? 30) })}</div>
      {g?.scores && state.seat !== null && (
        <div class="info-item score">
          <span class="info-label">{t('info.penalties')}</span> {g.scores[state.seat]}
        </div>
      )}
    </section>
  );
}

/** The prompt of the choice panel for the observation's phase. */
export function choiceTitle(state: TableState): string {
  const obs = state.observation;
  if (!obs) return t('dlg.choose');
  if (isKraken(obs)) {
    if (obs.phase === 'trump') {
      if (obs.proposed && obs.legal_actions.includes('take')) {
        const card = parseCard(obs.proposed);
        return t('dlg.proposed', { card: cardName(obs.proposed), suit: card ? suitName(card.suit) : '' });
      }
      return obs.legal_actions.includes('pass') ? t('dlg.trump') : t('dlg.mustTrump');
    }
    if (obs.phase === 'challenge') return t('dlg.challenge');
    if (obs.phase === 'roem') return t('dlg.roem');
    return t('dlg.choose');
  }
  const g = obs as GurkaObservation;
  if (g.phase === 'buyback') {
    const stake = Number(g.rules.stake ?? 1);
    const free = g.rules.free_rebuy && (g.buybacks?.[g.seat] ?? 0) === 0;
    return t('dlg.buyback', { cost: free ? 0 : stake });
  }
  return t('dlg.choose');
}

export function ChoicePanel({ state, actions, onChoose }: { state: TableState; actions: string[]; onChoose: (a: string) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.querySelector<HTMLButtonElement>('button')?.focus();
  }, [actions.join('|')]);
  const title = choiceTitle(state);
  const proposed = isKraken(state.observation) && state.observation.phase === 'trump' ? state.observation.proposed : null;
  return (
    <div ref={ref} class="choice-panel" role="dialog" aria-modal="false" aria-labelledby="choice-title" data-testid="choice">
      {proposed && (
        <span class="proposed-card">
          <CardFace card={proposed} title={cardName(proposed)} />
        </span>
      )}
      <h2 id="choice-title">{title}</h2>
      <div class="choice-buttons">
        {actions.map((action, i) => {
          const suit = action.startsWith('trump ') ? action.slice(6) : null;
          return (
            <button
              type="button"
              class={`choice${suit ? ` suit-${suit}` : ''}${action === 'pass' ? ' secondary' : ''}`}
              data-action={action}
              onClick={() => onChoose(action)}
            >
              <kbd aria-hidden="true">{i + 1}</kbd> {suit && <span aria-hidden="true">{suitSymbol(suit as Suit)} </span>}
              {actionLabel(action)}
            </button>
          );
        })}
      </div>
    </div>
  );
}

interface CostEntry {
  trick?: number;
  seat: number | string;
  card: string;
  cost: number;
}

function costsOf(data: unknown): CostEntry[] | null {
  const list = Array.isArray(data)
    ? data
    : data && typeof data === 'object'
      ? ((data as Record<string, unknown>).costs ?? (data as Record<string, unknown>).cards ?? (data as Record<string, unknown>).analysis)
      : null;
  if (!Array.isArray(list)) return null;
  return list.filter((e): e is CostEntry => !!e && typeof e === 'object' && 'card' in e && 'cost' in e);
}

const SEAT_LETTERS = ['N', 'E', 'S', 'W'];

function Analysis({ gameId, number, table, invite }: { gameId: string; number: number; table: TableView; invite: string | null }) {
  const [costs, setCosts] = useState<CostEntry[] | null | 'loading'>('loading');
  useEffect(() => {
    let live = true;
    api<unknown>(`/api/games/${gameId}/rounds/${number - 1}/analysis`, { invite })
      .then((data) => live && setCosts(costsOf(data)))
      .catch(() => live && setCosts(null));
    return () => {
      live = false;
    };
  }, [gameId, number, invite]);
  if (costs === 'loading') return <p class="muted">{t('sum.analysisLoading')}</p>;
  if (costs === null) return <p class="muted" data-testid="analysis-unavailable">{t('sum.analysisUnavailable')}</p>;
  const costly = costs.filter((c) => c.cost > 0);
  return (
    <section class="analysis" data-testid="analysis" aria-labelledby="analysis-title">
      <h3 id="analysis-title">{t('sum.analysis')}</h3>
      {costly.length === 0 ? (
        <p>{t('sum.analysisNone')}</p>
      ) : (
        <ul tabIndex={0} aria-labelledby="analysis-title">
          {costly.map((c) => {
            const seat = typeof c.seat === 'number' ? c.seat : SEAT_LETTERS.indexOf(String(c.seat));
            return (
              <li>
                {t('sum.analysisCost', {
                  trick: c.trick ?? '?',
                  seat: seat >= 0 ? seatName(table, seat) : String(c.seat),
                  card: cardName(c.card),
                  points: c.cost,
                })}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

export function RoundSummaryDialog({
  summary,
  state,
  invite = null,
  onClose,
}: {
  summary: RoundSummary;
  state: TableState;
  /** The invite the table was opened with (a private table's analysis needs it). */
  invite?: string | null;
  onClose: () => void;
}) {
  const table = state.table as TableView;
  const mySeat = state.seat;
  let body;
  if ('penalties' in summary.result) {
    const r = summary.result as GurkaRoundResult;
    const obs = state.observation as GurkaObservation | null;
    body = (
      <table class="summary-table">
        <caption>{t('sum.penalties')}</caption>
        <tbody>
          {r.penalties.map((p, seat) => (
            <tr class={seat === mySeat ? 'me' : ''}>
              <th scope="row">{seatName(table, seat)}</th>
              <td>+{p}</td>
              <td>{obs?.scores ? `${t('sum.total')}: ${obs.scores[seat]}` : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  } else {
    const r = summary.result as KrakenRoundResult;
    const declarers = r.declarers;
    const verdict =
      declarers === null || declarers === undefined
        ? null
        : r.nat
          ? t('sum.nat', { team: teamLabel(declarers, mySeat) })
          : t('sum.made', { team: teamLabel(declarers, mySeat) });
    body = (
      <>
        {declarers !== null && declarers !== undefined && <p>{t('sum.declarers', { team: teamLabel(declarers, mySeat) })}</p>}
        {verdict && <p class={`verdict${r.nat ? ' nat' : ''}`}>{verdict}</p>}
        {r.mars !== null && r.mars !== undefined && <p class="verdict">{t('sum.mars', { team: teamLabel(r.mars, mySeat) })}</p>}
        {r.multiplier > 1 && <p>{t('sum.multiplier', { multiplier: r.multiplier })}</p>}
        <table class="summary-table">
          <thead>
            <tr>
              <th scope="col">{t('sum.team')}</th>
              <th scope="col">{t('sum.cardPoints')}</th>
              <th scope="col">{t('sum.roem')}</th>
              <th scope="col">{t('sum.points')}</th>
            </tr>
          </thead>
          <tbody>
            {[0, 1].map((team) => (
              <tr class={mySeat !== null && mySeat % 2 === team ? 'me' : ''}>
                <th scope="row">{teamLabel(team, mySeat)}</th>
                <td>{r.card_points[team]}</td>
                <td>{r.roem[team]}</td>
                <td>
                  <strong>{r.points[team]}</strong>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {summary.gameId && <Analysis gameId={summary.gameId} number={summary.number} table={table} invite={invite} />}
      </>
    );
  }
  return (
    <Modal title={t('sum.title', { number: summary.number })} onClose={onClose} testId="round-summary">
      {body}
      {summary.lastTrick && (
        <details class="summary-last">
          <summary>{t('sum.lastTrick')}</summary>
          <TrickList trick={summary.lastTrick} table={table} />
        </details>
      )}
      <div class="dialog-actions">
        <button type="button" class="primary" onClick={onClose} autofocus>
          {t('sum.continue')}
        </button>
      </div>
    </Modal>
  );
}

export function GameOverDialog({
  state,
  invite = null,
  rematch,
  onClose,
}: {
  state: TableState;
  /** The invite the table was opened with: the replay of a private table needs it. */
  invite?: string | null;
  /** The rematch's controls. */
  rematch: ComponentChildren;
  onClose: () => void;
}) {
  const table = state.table as TableView;
  const result = state.result;
  if (!result) return null;
  const flagged = result.flagged !== undefined && result.flagged !== null;
  const resigned =
    result.resigned === undefined || result.resigned === null ? null : (
      <p class="verdict" data-testid="resigned">
        {t(table.game === 'kraken' ? (flagged ? 'over.flaggedTeam' : 'over.resignedTeam') : flagged ? 'over.flagged' : 'over.resigned', {
          seat: seatName(table, result.resigned),
          team: teamLabel(result.resigned % 2, state.seat),
        })}
      </p>
    );
  let body;
  if (table.game === 'kraken') {
    const r = result as KrakenGameResult;
    body = (
      <>
        <p class="verdict">{r.winner === null || r.winner === undefined ? t('over.draw') : t('over.won', { team: teamLabel(r.winner, state.seat) })}</p>
        <table class="summary-table">
          <caption>{t('over.final')}</caption>
          <tbody>
            {[0, 1].map((team) => (
              <tr class={state.seat !== null && state.seat % 2 === team ? 'me' : ''}>
                <th scope="row">{teamLabel(team, state.seat)}</th>
                <td>
                  <strong>{r.scores[team]}</strong>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </>
    );
  } else {
    const r = result as GurkaGameResult;
    body = (
      <>
        <p class="verdict">{t('over.winners', { seats: r.winners.map((s) => seatName(table, s)).join(', ') })}</p>
        <table class="summary-table">
          <thead>
            <tr>
              <th />
              <th scope="col">{t('info.penalties')}</th>
              <th scope="col">{t('over.chips')}</th>
            </tr>
          </thead>
          <tbody>
            {r.scores.map((score, seat) => (
              <tr class={seat === state.seat ? 'me' : ''}>
                <th scope="row">{seatName(table, seat)}</th>
                <td>{score}</td>
                <td>{r.chips[seat]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </>
    );
  }
  return (
    <Modal title={t('over.title')} onClose={onClose} testId="game-over">
      {resigned}
      {body}
      {rematch}
      <div class="dialog-actions">
        {state.gameId && (
          <a class="button" href={withInvite(`/games/${state.gameId}/replay`, invite)}>
            {t('over.replay')}
          </a>
        )}
        <button type="button" onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
    </Modal>
  );
}
