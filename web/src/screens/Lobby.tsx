// The lobby: open tables to join (host, rules, who sits where), live games to watch
// with their spectators, a new table with every rule variant and bot level and seats
// kept for friends, and a box for an invite link.

import { useEffect, useState } from 'preact/hooks';
import { t, tMaybe, type MessageKey } from '../i18n';
import { api, ApiError } from '../lib/api';
import { levelLabel, seatPlace } from '../lib/describe';
import { rememberInvite } from '../lib/invites';
import type { GameName, TableView } from '../lib/protocol';
import { navigate, pastedTableHref, tableHref } from '../lib/router';
import { QuickPlay } from './QuickPlay';
import { changedRules, kindOf, kinds, loadKinds, lobbyGames, parseDeal, playersField, presetOf, seatCount, type GameKind, type Kinds, type RuleField, type Rules } from '../lib/rules';

interface SeatChoice {
  /** `human`: anyone; `invite`: whoever has the invite link; `player`: one account. */
  kind: 'human' | 'invite' | 'player' | 'bot';
  level: string;
  username?: string;
}

/** The seat of a new table as the server takes it. */
function seatSpec(s: SeatChoice, i: number): Record<string, unknown> {
  if (i === 0 || s.kind === 'human') return { kind: 'human' };
  if (s.kind === 'invite') return { kind: 'human', invite: true };
  if (s.kind === 'player') return { kind: 'human', player: (s.username ?? '').trim() };
  return { kind: 'bot', level: s.level };
}

function ruleLabel(field: string): string {
  return tMaybe(`rule.${field}`) ?? field;
}

function optionLabel(field: string, option: string): string {
  return tMaybe(`opt.${field}.${option}`) ?? option;
}

function RuleInput({ field, value, onChange }: { field: RuleField; value: unknown; onChange: (v: unknown) => void }) {
  const id = `rule-${field.name}`;
  if (field.type === 'bool') {
    return (
      <label class="check" for={id}>
        <input id={id} type="checkbox" checked={!!value} onChange={(e) => onChange((e.target as HTMLInputElement).checked)} />{' '}
        {ruleLabel(field.name)}
      </label>
    );
  }
  let control;
  if (field.type === 'choice') {
    control = (
      <select id={id} value={String(value)} onChange={(e) => onChange((e.target as HTMLSelectElement).value)}>
        {field.options.map((o) => (
          <option value={o}>{optionLabel(field.name, o)}</option>
        ))}
      </select>
    );
  } else if (field.type === 'int') {
    control = (
      <input
        id={id}
        type="number"
        min={field.min}
        max={field.max}
        value={value === null ? '' : String(value)}
        placeholder={field.optional ? t('rule.optional_empty') : undefined}
        onInput={(e) => {
          const text = (e.target as HTMLInputElement).value.trim();
          if (field.optional && text === '') return onChange(null);
          const n = Number(text);
          if (Number.isInteger(n) && n >= field.min && n <= field.max) onChange(n);
        }}
      />
    );
  } else {
    control = <DealInput id={id} value={value as number[]} onChange={onChange} />;
  }
  return (
    <label class="field" for={id}>
      <span>{ruleLabel(field.name)}</span>
      {control}
    </label>
  );
}

function DealInput({ id, value, onChange }: { id: string; value: number[]; onChange: (v: unknown) => void }) {
  const [text, setText] = useState(value.join('-'));
  const ok = parseDeal(text) !== null;
  return (
    <input
      id={id}
      type="text"
      inputMode="numeric"
      value={text}
      aria-invalid={ok ? undefined : 'true'}
      onInput={(e) => {
        const v = (e.target as HTMLInputElement).value;
        setText(v);
        const deal = parseDeal(v);
        if (deal) onChange(deal);
      }}
    />
  );
}

function gameLabel(game: GameKind): string {
  return tMaybe(`game.${game.name}`) ?? game.title;
}

/** The level a new bot seat starts with: the heuristic where it plays the game. */
function defaultLevel(game: GameKind): string {
  return game.levels.includes('heuristic') ? 'heuristic' : (game.levels[0] ?? 'random');
}

export function CreateTable() {
  const all = kinds.value;
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    loadKinds().catch((err: unknown) => setError(err instanceof Error ? err.message : String(err)));
  }, []);
  if (!all || !all.kinds.length) {
    return (
      <section class="create card-panel" aria-labelledby="create-title" data-testid="create-form">
        <h2 id="create-title">{t('create.title')}</h2>
        {error ? <p class="error">{t('common.error', { message: error })}</p> : <p role="status">{t('table.connecting')}</p>}
      </section>
    );
  }
  return <CreateTableForm all={all} />;
}

function CreateTableForm({ all }: { all: Kinds }) {
  const games = lobbyGames(all);
  const [gameName, setGame] = useState<string>(games[0].name);
  const game = kindOf(all, gameName) ?? games[0];
  const [rules, setRules] = useState<Rules>({ ...game.rules.defaults });
  const [seats, setSeats] = useState<SeatChoice[]>([]);
  // listed in the lobby unless a seat is kept for a friend (then private until ticked)
  const [listed, setListed] = useState<boolean | null>(null);
  const [spectatorChat, setSpectatorChat] = useState<'apart' | 'off'>('apart');
  const [timer, setTimer] = useState('');
  const [clockInitial, setClockInitial] = useState('');
  const [clockIncrement, setClockIncrement] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const n = seatCount(game, rules);
  const seatList: SeatChoice[] = Array.from({ length: n }, (_, i) => seats[i] ?? { kind: i === 0 ? 'human' : 'bot', level: defaultLevel(game) });
  const kept = seatList.some((s, i) => i > 0 && (s.kind === 'invite' || s.kind === 'player'));
  const isPublic = listed ?? !kept;
  const preset = presetOf(game, rules);
  const players = playersField(game);
  const presets = Object.keys(game.rules.presets);
  // the game's own name for its seats (N, E, S, W in Kraken)
  const place = (i: number) => seatPlace(game.name as GameName, i);

  const switchGame = (g: GameKind) => {
    setGame(g.name);
    setRules({ ...g.rules.defaults });
    setSeats([]);
  };
  const setSeat = (i: number, change: Partial<SeatChoice>) => {
    const next = [...seatList];
    next[i] = { ...next[i], ...change };
    setSeats(next);
  };
  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const body = {
        game: game.name,
        rules: changedRules(game, rules),
        seats: seatList.map(seatSpec),
        public: isPublic,
        spectator_chat: spectatorChat,
        turn_timer: timer.trim() ? Number(timer) : undefined,
        clock: clockInitial.trim() ? { initial: Number(clockInitial), increment: Number(clockIncrement.trim() || 0) } : undefined,
      };
      const created = await api<{ table: TableView; invite: string }>('/api/tables', { body });
      rememberInvite(created.table.id, created.invite);
      navigate(tableHref(created.table.id, created.invite));
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      setBusy(false);
    }
  };

  return (
    <form class="create card-panel" onSubmit={submit} aria-labelledby="create-title" data-testid="create-form">
      <h2 id="create-title">{t('create.title')}</h2>
      <fieldset class="segmented">
        <legend>{t('create.game')}</legend>
        {games.map((g) => (
          <label>
            <input type="radio" name="game" value={g.name} checked={game.name === g.name} onChange={() => switchGame(g)} /> {gameLabel(g)}
          </label>
        ))}
      </fieldset>
      {presets.length > 1 && (
        <label class="field" for="preset">
          <span>{t('create.preset')}</span>
          <select
            id="preset"
            value={preset ?? ''}
            onChange={(e) => {
              const name = (e.target as HTMLSelectElement).value;
              if (name) setRules({ ...game.rules.presets[name], ...('rounds' in rules ? { rounds: rules.rounds } : {}) });
            }}
          >
            {presets.map((p) => (
              <option value={p}>{tMaybe(`preset.${p}`) ?? p}</option>
            ))}
            {preset === null && <option value="">{t('create.custom')}</option>}
          </select>
        </label>
      )}
      {players && (
        <RuleInput
          field={players}
          value={rules.players}
          onChange={(v) => setRules({ ...rules, players: v as number })}
        />
      )}
      <fieldset class="seats-choice">
        <legend>{t('create.seats')}</legend>
        {seatList.map((s, i) => (
          <div class="seat-choice" data-seat={i}>
            <span class="seat-choice-name">{place(i)}</span>
            {i === 0 ? (
              <strong>{t('create.you')}</strong>
            ) : (
              <>
                <select
                  aria-label={`${place(i)}: ${t('create.seats')}`}
                  value={s.kind}
                  data-testid={`seat-kind-${i}`}
                  onChange={(e) => setSeat(i, { kind: (e.target as HTMLSelectElement).value as SeatChoice['kind'] })}
                >
                  <option value="human">{t('create.person')}</option>
                  <option value="invite">{t('create.friend')}</option>
                  <option value="player">{t('create.named')}</option>
                  <option value="bot">{t('create.bot')}</option>
                </select>
                {s.kind === 'player' && (
                  <input
                    type="text"
                    required
                    minLength={3}
                    maxLength={32}
                    autoComplete="off"
                    aria-label={`${place(i)}: ${t('acct.username')}`}
                    placeholder={t('acct.username')}
                    data-testid={`seat-player-${i}`}
                    value={s.username ?? ''}
                    onInput={(e) => setSeat(i, { username: (e.target as HTMLInputElement).value })}
                  />
                )}
                {s.kind === 'bot' && (
                  <select
                    aria-label={`${place(i)}: ${t('create.level')}`}
                    value={s.level}
                    data-testid={`seat-level-${i}`}
                    onChange={(e) => setSeat(i, { level: (e.target as HTMLSelectElement).value })}
                  >
                    {game.levels.map((l) => (
                      <option value={l}>{levelLabel(l)}</option>
                    ))}
                  </select>
                )}
              </>
            )}
          </div>
        ))}
      </fieldset>
      <details class="rules-fields">
        <summary>{t('create.rules')}</summary>
        {game.rules.fields
          .filter((f) => f !== players)
          .map((f) => (
            <RuleInput field={f} value={rules[f.name]} onChange={(v) => setRules({ ...rules, [f.name]: v as Rules[string] })} />
          ))}
      </details>
      <label class="check">
        <input type="checkbox" checked={isPublic} onChange={(e) => setListed((e.target as HTMLInputElement).checked)} /> {t('create.public')}
        {kept && <span class="help">{t('create.privateHelp')}</span>}
      </label>
      <label class="field" for="spectator-chat">
        <span>{t('create.spectatorChat')}</span>
        <select id="spectator-chat" value={spectatorChat} onChange={(e) => setSpectatorChat((e.target as HTMLSelectElement).value as 'apart' | 'off')}>
          <option value="apart">{t('create.spectatorChatApart')}</option>
          <option value="off">{t('create.spectatorChatOff')}</option>
        </select>
      </label>
      <label class="field" for="turn-timer">
        <span>{t('create.timer')}</span>
        <input id="turn-timer" type="number" min="1" max="3600" value={timer} onInput={(e) => setTimer((e.target as HTMLInputElement).value)} />
      </label>
      <label class="field" for="clock-initial">
        <span>{t('create.clock')}</span>
        <input id="clock-initial" type="number" min="1" max="10800" value={clockInitial} onInput={(e) => setClockInitial((e.target as HTMLInputElement).value)} />
      </label>
      <label class="field" for="clock-increment">
        <span>{t('create.clockIncrement')}</span>
        <input
          id="clock-increment"
          type="number"
          min="0"
          max="600"
          value={clockIncrement}
          disabled={!clockInitial.trim()}
          onInput={(e) => setClockIncrement((e.target as HTMLInputElement).value)}
        />
      </label>
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      <button type="submit" class="primary big" disabled={busy} data-testid="create-submit">
        {t('create.submit')}
      </button>
    </form>
  );
}

/** A short account of a table's rules: its preset, and what differs from it. */
function rulesSummary(game: GameKind | null, rules: Record<string, unknown>): string {
  if (!game) return '';
  const preset = presetOf(game, rules as Rules);
  const base: Record<string, unknown> = preset ? { ...game.rules.defaults, ...game.rules.presets[preset] } : game.rules.defaults;
  const parts = preset && Object.keys(game.rules.presets).length > 1 ? [tMaybe(`preset.${preset}`) ?? preset] : [];
  for (const field of game.rules.fields) {
    const value = rules[field.name];
    if (field.name === 'players' || value === undefined || JSON.stringify(value) === JSON.stringify(base[field.name])) continue;
    const shown =
      field.type === 'bool' ? t(value ? 'common.yes' : 'common.no') : field.type === 'choice' ? optionLabel(field.name, String(value)) : Array.isArray(value) ? value.join('-') : String(value);
    parts.push(`${ruleLabel(field.name)}: ${shown}`);
  }
  return parts.length ? parts.join(' · ') : t('lobby.standardRules');
}

/** Who sits at each seat of a listed table: a name, a bot, open, or kept. */
function SeatNames({ table }: { table: TableView }) {
  return (
    <ul class="lobby-seats">
      {table.seats.map((s) => (
        <li data-seat={s.seat}>
          <span class="lobby-seat-place">{seatPlace(table.game, s.seat)}:</span>{' '}
          {s.kind === 'bot' ? (
            `${t('table.bot')} (${levelLabel(s.level)})`
          ) : s.name ? (
            <bdi>{s.name}</bdi>
          ) : (
            <em class="muted">{s.reserved ? t('lobby.kept') : s.open ? t('table.openSeat') : '–'}</em>
          )}
        </li>
      ))}
    </ul>
  );
}

function TableSummary({ table }: { table: TableView }) {
  return (
    <div class="lobby-table">
      <strong>{t(`game.${table.game}` as MessageKey)}</strong> <span>{t('lobby.host', { name: table.owner?.name ?? '?' })}</span>
      <div class="muted small" data-testid="rules-summary">
        {rulesSummary(kindOf(kinds.value, table.game), table.rules)}
      </div>
      <SeatNames table={table} />
    </div>
  );
}

function OpenTables() {
  const [lists, setLists] = useState<{ tables: TableView[]; live: TableView[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const refresh = async () => {
    try {
      const data = await api<{ tables: TableView[]; live?: TableView[] }>('/api/tables');
      setLists({ tables: data.tables, live: data.live ?? [] });
      setError(null);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : String(err));
    }
  };
  useEffect(() => {
    void refresh();
    const timer = setInterval(() => void refresh(), 5000);
    return () => clearInterval(timer);
  }, []);
  const tables = lists?.tables ?? null;
  return (
    <div class="lobby-lists">
      <section class="open-tables card-panel" aria-labelledby="open-title">
        <div class="panel-head">
          <h2 id="open-title">{t('lobby.title')}</h2>
          <button type="button" onClick={() => void refresh()}>
            {t('lobby.refresh')}
          </button>
        </div>
        {error && <p class="error">{t('common.error', { message: error })}</p>}
        {tables === null ? (
          <p>{t('common.loading')}</p>
        ) : tables.length === 0 ? (
          <p class="muted">{t('lobby.empty')}</p>
        ) : (
          <ul class="table-list" data-testid="open-tables">
            {tables.map((table) => {
              const open = table.seats.filter((s) => s.open).length;
              return (
                <li data-table={table.id}>
                  <div>
                    <TableSummary table={table} />
                    <div class="muted small">{t('lobby.seatsOpen', { open, total: table.seats.length })}</div>
                  </div>
                  <a class="button primary" href={`/tables/${table.id}`}>
                    {t('lobby.join')}
                  </a>
                </li>
              );
            })}
          </ul>
        )}
        <form
          class="invite-form"
          onSubmit={(e) => {
            e.preventDefault();
            const input = (e.currentTarget as HTMLFormElement).elements.namedItem('invite') as HTMLInputElement;
            const href = pastedTableHref(input.value, window.location.origin);
            if (href) navigate(href);
          }}
        >
          <label for="invite-link">
            {t('lobby.inviteTitle')} <span class="muted">{t('lobby.inviteHelp')}</span>
          </label>
          <div class="invite-row">
            <input id="invite-link" name="invite" type="url" placeholder="https://…/tables/…#invite=…" />
            <button type="submit">{t('lobby.inviteGo')}</button>
          </div>
        </form>
      </section>
      <section class="live-games card-panel" aria-labelledby="live-title">
        <h2 id="live-title">{t('lobby.liveTitle')}</h2>
        {lists === null ? null : lists.live.length === 0 ? (
          <p class="muted">{t('lobby.liveEmpty')}</p>
        ) : (
          <ul class="table-list" data-testid="live-games">
            {lists.live.map((table) => (
              <li data-table={table.id}>
                <div>
                  <TableSummary table={table} />
                  <div class="muted small" data-testid="spectators">
                    {t('lobby.watching', { count: table.spectators ?? 0 })}
                  </div>
                </div>
                <a class="button" href={`/tables/${table.id}`}>
                  {t('lobby.watch')}
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export function Lobby() {
  return (
    <main id="main" class="screen lobby" data-testid="lobby">
      <h1 class="visually-hidden">{t('app.title')}</h1>
      <p class="tagline">{t('app.tagline')}</p>
      {kinds.value && kinds.value.kinds.length > 0 && <QuickPlay all={kinds.value} />}
      <div class="lobby-grid">
        <CreateTable />
        <OpenTables />
      </div>
    </main>
  );
}
