// Quick play: "Play now" seeks a game of the chosen kind and preset; people who seek
// the same game are seated together, bots fill the seats left once the chosen wait
// is over, and the page follows the player to the table found. Also: who is online.
import { useEffect, useState } from 'preact/hooks';
import { t, tMaybe } from '../i18n';
import { api, ApiError } from '../lib/api';
import type { Online, Seek } from '../lib/protocol';
import { navigate, tableHref } from '../lib/router';
import { lobbyGames, type GameKind, type Kinds } from '../lib/rules';

/** The waits a player may choose before bots take the seats no person took. */
const WAITS = [5, 15, 30, 60];

function gameLabel(game: GameKind): string {
  return tMaybe(`game.${game.name}`) ?? game.title;
}

export function QuickPlay({ all }: { all: Kinds }) {
  const games = lobbyGames(all);
  const [gameName, setGame] = useState(games[0].name);
  const game = games.find((g) => g.name === gameName) ?? games[0];
  const [preset, setPreset] = useState('');
  const [wait, setWait] = useState(30);
  const [seek, setSeek] = useState<Seek | null>(null);
  const [online, setOnline] = useState<Online | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const refresh = () => void api<Online>('/api/online').then(setOnline, () => undefined);
    refresh();
    const timer = setInterval(refresh, 5000);
    return () => clearInterval(timer);
  }, []);

  // while seeking, follow the seek until it has its table, then go there
  useEffect(() => {
    if (!seek || seek.status !== 'waiting') return;
    const timer = setInterval(async () => {
      try {
        const now = (await api<{ seek: Seek }>(`/api/seeks/${encodeURIComponent(seek.id)}`)).seek;
        setSeek(now);
        if (now.status === 'seated' && now.table_id) navigate(tableHref(now.table_id));
      } catch (err) {
        setError(err instanceof ApiError ? err.message : String(err));
        setSeek(null);
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [seek?.id, seek?.status]);

  const start = async () => {
    setError(null);
    try {
      const body = { game: game.name, preset: preset || undefined, bots_after: wait };
      setSeek((await api<{ seek: Seek }>('/api/seeks', { method: 'POST', body })).seek);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : String(err));
    }
  };
  const cancel = async () => {
    if (!seek) return;
    await api(`/api/seeks/${encodeURIComponent(seek.id)}`, { method: 'DELETE' }).catch(() => undefined);
    setSeek(null);
  };

  return (
    <section class="quick-play card-panel" aria-labelledby="quick-title" data-testid="quick-play">
      <h2 id="quick-title">{t('quick.title')}</h2>
      {online && (
        <p class="muted small" data-testid="online">
          {t('quick.online', { count: online.online, seeking: online.seeking.length })}
        </p>
      )}
      {seek && seek.status === 'waiting' ? (
        <div class="quick-waiting">
          <p role="status" data-testid="seeking">
            {t('quick.waiting', { game: gameLabel(game), seconds: wait })}
          </p>
          <button type="button" onClick={() => void cancel()}>
            {t('quick.cancel')}
          </button>
        </div>
      ) : (
        <div class="quick-form">
          <label>
            {t('create.game')}
            <select value={gameName} onChange={(e) => { setGame((e.target as HTMLSelectElement).value); setPreset(''); }} data-testid="quick-game">
              {games.map((g) => (
                <option value={g.name}>{gameLabel(g)}</option>
              ))}
            </select>
          </label>
          {Object.keys(game.rules.presets).length > 0 && (
            <label>
              {t('create.preset')}
              <select value={preset} onChange={(e) => setPreset((e.target as HTMLSelectElement).value)} data-testid="quick-preset">
                <option value="">{t('quick.defaultRules')}</option>
                {Object.keys(game.rules.presets).map((name) => (
                  <option value={name}>{tMaybe(`preset.${name}`) ?? name}</option>
                ))}
              </select>
            </label>
          )}
          <label>
            {t('quick.wait')}
            <select value={String(wait)} onChange={(e) => setWait(Number((e.target as HTMLSelectElement).value))} data-testid="quick-wait">
              {WAITS.map((s) => (
                <option value={String(s)}>{t('quick.seconds', { seconds: s })}</option>
              ))}
            </select>
          </label>
          <button type="button" class="primary" onClick={() => void start()} data-testid="play-now">
            {t('quick.playNow')}
          </button>
        </div>
      )}
      {error && <p class="error" role="alert">{t('common.error', { message: error })}</p>}
    </section>
  );
}
