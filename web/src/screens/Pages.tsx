// The smaller screens: player page, leaderboard, settings, rules, and not found.

import { useEffect, useState } from 'preact/hooks';
import { CardFace } from '../components/CardFace';
import { BotIcon } from '../components/Icons';
import { LanguageSelect } from '../components/LanguageSelect';
import { CATALOGS, lang, t, tMaybe, type MessageKey } from '../i18n';
import { api, ApiError } from '../lib/api';
import type { GameName } from '../lib/protocol';
import { session } from '../lib/session';
import { settings, updateSettings } from '../lib/settings';

type Loaded<T> = { status: 'loading' } | { status: 'ok'; data: T } | { status: 'missing' } | { status: 'error'; message: string };

/**
 * Fetch JSON; a 404 (an endpoint or a thing this server does not have) is "missing".
 * `invite`: a private table's invite, sent as X-Invite.
 */
export function useApi<T>(path: string | null, invite: string | null = null): Loaded<T> {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  useEffect(() => {
    if (!path) return;
    let live = true;
    setState({ status: 'loading' });
    api<T>(path, { invite })
      .then((data) => live && setState({ status: 'ok', data }))
      .catch((e) => {
        if (!live) return;
        if (e instanceof ApiError && (e.status === 404 || e.status === 405)) setState({ status: 'missing' });
        else setState({ status: 'error', message: e instanceof Error ? e.message : String(e) });
      });
    return () => {
      live = false;
    };
  }, [path, invite]);
  return state;
}

function Status({ state }: { state: Loaded<unknown> }) {
  if (state.status === 'loading') return <p role="status">{t('common.loading')}</p>;
  if (state.status === 'missing') return <p class="muted" data-testid="not-available">{t('common.notAvailable')}</p>;
  if (state.status === 'error') return <p class="error" role="alert">{t('common.error', { message: state.message })}</p>;
  return null;
}

interface Rating {
  mu: number;
  sigma: number;
  ordinal: number;
}

interface PlayerData {
  id: string;
  name: string;
  kind: string;
  stats?: Partial<Record<GameName, Record<string, number | null>>>;
  ratings?: Partial<Record<GameName, Rating | null>>;
  recent_games?: GameSummary[];
}

interface GameSummary {
  id?: string;
  game_id?: string;
  game?: string;
  finished_at?: number | string | null;
  players?: { seat: number; player_id: string | null; name: string | null; kind: string; score: number | null; won: boolean | null }[];
}

function when(value: number | string | null | undefined): string {
  if (value === null || value === undefined) return '';
  const date = typeof value === 'number' ? new Date(value * 1000) : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  try {
    return new Intl.DateTimeFormat(lang.value, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
  } catch {
    return date.toISOString();
  }
}

const fmt = (n: number | null | undefined, digits = 1) =>
  n === null || n === undefined || Number.isNaN(n) ? '–' : Number.isInteger(n) ? String(n) : n.toFixed(digits);

export function PlayerPage({ id }: { id: string }) {
  const player = useApi<PlayerData>(`/api/players/${encodeURIComponent(id)}`);
  const games = useApi<{ games: GameSummary[] } | GameSummary[]>(`/api/games?player=${encodeURIComponent(id)}`);
  const isMe = session.value?.user.id === id;
  const list = games.status === 'ok' ? (Array.isArray(games.data) ? games.data : (games.data?.games ?? [])) : [];
  const recent = player.status === 'ok' && player.data.recent_games?.length ? player.data.recent_games : list;
  return (
    <main id="main" class="screen player" data-testid="player-page">
      {player.status === 'ok' ? (
        <>
          <h1>
            {t('player.title', { name: player.data.name })}{' '}
            <span class="badge">{tMaybe(`player.kind.${player.data.kind}`) ?? player.data.kind}</span>
          </h1>
          <div class="stat-grid">
            {(['kraken', 'gurka'] as GameName[]).map((game) => {
              const stats = player.data.stats?.[game];
              const rating = player.data.ratings?.[game];
              return (
                <section class="card-panel" aria-labelledby={`stats-${game}`}>
                  <h2 id={`stats-${game}`}>{t(`game.${game}` as MessageKey)}</h2>
                  <dl class="stats">
                    {rating && (
                      <>
                        <dt>{t('player.rating')}</dt>
                        <dd title={t('player.ratingDetail', { mu: fmt(rating.mu), sigma: fmt(rating.sigma) })}>{fmt(rating.ordinal)}</dd>
                      </>
                    )}
                    {stats &&
                      Object.entries(stats).map(([key, value]) => (
                        <>
                          <dt>{tMaybe(`stat.${key}`) ?? key}</dt>
                          <dd>{typeof value === 'number' || value === null ? fmt(value) : String(value)}</dd>
                        </>
                      ))}
                  </dl>
                  {!stats && !rating && <p class="muted">{t('player.noGames')}</p>}
                </section>
              );
            })}
          </div>
        </>
      ) : (
        <>
          <h1>{isMe ? session.value?.user.name : t('nav.me')}</h1>
          <Status state={player} />
        </>
      )}
      <section class="card-panel" aria-labelledby="recent-title">
        <h2 id="recent-title">{t('player.recent')}</h2>
        {games.status !== 'ok' && player.status !== 'ok' ? (
          <Status state={games} />
        ) : recent && recent.length ? (
          <ul class="game-list">
            {recent.map((g) => {
              const gid = g.game_id ?? g.id;
              const mine = g.players?.find((p) => p.player_id === id);
              const names = (g.players ?? []).map((p) => p.name ?? '?').join(' · ');
              return (
                <li>
                  <span>
                    <strong>{g.game ? t(`game.${g.game}` as MessageKey) : ''}</strong>{' '}
                    {mine && mine.won !== null && <span class="badge">{mine.won ? t('player.won') : t('player.lost')}</span>}{' '}
                    <span class="muted small">{names}</span>
                  </span>
                  <span class="muted small">{when(g.finished_at)}</span>
                  {gid && <a href={`/games/${gid}/replay`}>{t('player.replay')}</a>}
                </li>
              );
            })}
          </ul>
        ) : (
          <p class="muted">{t('player.noGames')}</p>
        )}
      </section>
    </main>
  );
}

interface Entry {
  rank: number;
  player_id: string;
  name: string;
  kind: string;
  ordinal: number;
  mu: number;
  sigma: number;
  games: number;
  wins: number;
}

export function Leaderboard({ game }: { game: string | null }) {
  const which: GameName = game === 'gurka' ? 'gurka' : 'kraken';
  const board = useApi<{ game: string; entries: Entry[] }>(`/api/leaderboard?game=${which}`);
  return (
    <main id="main" class="screen leaderboard" data-testid="leaderboard">
      <h1>{t('lb.title')}</h1>
      <nav class="tabs" aria-label={t('create.game')}>
        {(['kraken', 'gurka'] as GameName[]).map((g) => (
          <a href={`/leaderboard?game=${g}`} aria-current={g === which ? 'page' : undefined}>
            {t(`game.${g}` as MessageKey)}
          </a>
        ))}
      </nav>
      {board.status === 'ok' ? (
        board.data.entries.length ? (
          <table class="board">
            <thead>
              <tr>
                <th scope="col">{t('lb.rank')}</th>
                <th scope="col">{t('lb.name')}</th>
                <th scope="col">{t('lb.rating')}</th>
                <th scope="col">{t('lb.games')}</th>
                <th scope="col">{t('lb.wins')}</th>
              </tr>
            </thead>
            <tbody>
              {board.data.entries.map((e) => (
                <tr class={e.player_id === session.value?.user.id ? 'me' : ''}>
                  <td>{e.rank}</td>
                  <td>
                    <a href={`/players/${e.player_id}`}>{e.name}</a> {e.kind === 'bot' ? <BotIcon title={t('table.bot')} /> : null}
                  </td>
                  <td title={t('player.ratingDetail', { mu: fmt(e.mu), sigma: fmt(e.sigma) })}>{fmt(e.ordinal)}</td>
                  <td>{e.games}</td>
                  <td>{e.wins}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p class="muted">{t('lb.empty')}</p>
        )
      ) : (
        <Status state={board} />
      )}
    </main>
  );
}

export function SettingsPage() {
  const s = settings.value;
  return (
    <main id="main" class="screen settings" data-testid="settings">
      <h1>{t('set.title')}</h1>
      <div class="card-panel">
        <label class="field" for="set-language">
          <span>{t('set.language')}</span>
          <LanguageSelect id="set-language" />
        </label>
        <label class="check">
          <input type="checkbox" checked={s.fourColour} onChange={(e) => updateSettings({ fourColour: (e.target as HTMLInputElement).checked })} />{' '}
          {t('set.fourColour')}
          <span class="help">{t('set.fourColourHelp')}</span>
        </label>
        <label class="check">
          <input type="checkbox" checked={s.animations} onChange={(e) => updateSettings({ animations: (e.target as HTMLInputElement).checked })} />{' '}
          {t('set.animations')}
          <span class="help">{t('set.animationsHelp')}</span>
        </label>
        <div class="preview" aria-label={t('set.preview')} role="img">
          {['AS', 'KH', 'TC', '7D'].map((c) => (
            <span class="preview-card">
              <CardFace card={c} />
            </span>
          ))}
        </div>
      </div>
    </main>
  );
}

export function RulesPage({ game }: { game: string }) {
  const which: GameName = game === 'gurka' ? 'gurka' : 'kraken';
  const paragraphs = Object.keys(CATALOGS.en).filter((k) => k.startsWith(`rules.${which}.`)) as MessageKey[];
  return (
    <main id="main" class="screen rules" data-testid="rules">
      <nav class="tabs" aria-label={t('nav.rules')}>
        {(['kraken', 'gurka'] as GameName[]).map((g) => (
          <a href={`/rules/${g}`} aria-current={g === which ? 'page' : undefined}>
            {t(`game.${g}` as MessageKey)}
          </a>
        ))}
      </nav>
      <article class="card-panel prose">
        <h1>{t('rules.title', { game: t(`game.${which}` as MessageKey) })}</h1>
        {paragraphs.map((k) => (
          <p>{t(k)}</p>
        ))}
      </article>
    </main>
  );
}

export function NotFound() {
  return (
    <main id="main" class="screen">
      <p>{t('common.notFound')}</p>
      <a href="/">{t('table.leave')}</a>
    </main>
  );
}
