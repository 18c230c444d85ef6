// The score sheet for games played with real cards (/sheet): the sheets kept in this
// browser, a new Kraken or Gurka sheet, and one sheet to fill in. It needs no account
// and no server: sheets live in localStorage and a service worker keeps the page
// working offline; with an account they are also kept on the server.

import { useEffect, useState } from 'preact/hooks';
import { t } from '../i18n';
import { navigate } from '../lib/router';
import { ApiError } from '../lib/api';
import { readSheet } from '../sheet/codec';
import { checkSheet, newGurkaSheet, newKrakenSheet, sheetTitle, type StoredSheet } from '../sheet/document';
import { DEFAULT_KRAKEN_RULES, KRAKEN_PRESETS, type KrakenRules, type RoemMode } from '../sheet/kraken';
import { registerOfflineWorker } from '../sheet/offline';
import { addSheet, sheets } from '../sheet/store';
import { readShared, startSync, type SharedSheet } from '../sheet/sync';
import { attempt, Choice, refusalText } from './SheetControls';
import { GurkaSheetView } from './SheetGurka';
import { KrakenSheetView } from './SheetKraken';
import '../sheet/sheet.css';

function useSheetServices(): void {
  useEffect(() => {
    registerOfflineWorker();
    startSync();
  }, []);
}

function SheetList() {
  const list = Object.values(sheets.value).sort((a, b) => b.updated.localeCompare(a.updated));
  return (
    <section class="card-panel" aria-labelledby="sheet-list-title">
      <h2 id="sheet-list-title">{t('sheet.saved')}</h2>
      {list.length === 0 ? (
        <p class="muted">{t('sheet.none')}</p>
      ) : (
        <ul class="sheet-list" data-testid="sheet-list">
          {list.map((s) => (
            <li key={s.id}>
              <a href={`/sheet/${s.id}`}>{sheetTitle(s.sheet)}</a>{' '}
              <span class="muted small">
                {t(s.sheet.game === 'kraken' ? 'game.kraken' : 'game.gurka')} · {t('sheet.roundsPlayed', { count: s.sheet.rounds.length })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const SEATS = [0, 1, 2, 3];

function NewKraken() {
  const [preset, setPreset] = useState<string>('amsterdam');
  const [rules, setRules] = useState<KrakenRules>(DEFAULT_KRAKEN_RULES);
  const [byPlayer, setByPlayer] = useState(false);
  const [teams, setTeams] = useState(['', '']);
  const [players, setPlayers] = useState(['', '', '', '']);
  const [length, setLength] = useState('rounds:16');
  const [dealer, setDealer] = useState(0);
  const set = (patch: Partial<KrakenRules>) => setRules({ ...rules, ...patch });
  const seatName = (seat: number) => players[seat].trim() || t(`seat.${seat}` as 'seat.0');
  return (
    <form
      class="card-panel sheet-new"
      data-testid="new-kraken"
      onSubmit={(e) => {
        e.preventDefault();
        const [kind, amount] = length.split(':');
        const names = byPlayer ? players.map((p, seat) => p.trim() || seatName(seat)) : null;
        const teamNames = names
          ? [`${names[0]} & ${names[2]}`, `${names[1]} & ${names[3]}`]
          : teams.map((name, team) => name.trim() || t(`team.${team}` as 'team.0'));
        const sheet = newKrakenSheet({
          teams: [teamNames[0], teamNames[1]],
          players: names,
          first_dealer: dealer,
          rules: { ...rules, rounds: kind === 'rounds' ? Number(amount) : 16, target_score: kind === 'target' ? Number(amount) : null },
        });
        navigate(`/sheet/${addSheet(sheet)}`);
      }}
    >
      <h2>{t('sheet.newKraken')}</h2>
      <Choice
        legend={t('sheet.names')}
        name="kraken-names"
        value={byPlayer ? 'players' : 'teams'}
        options={[
          { value: 'teams', label: t('sheet.byTeam') },
          { value: 'players', label: t('sheet.byPlayer') },
        ]}
        onChange={(v) => setByPlayer(v === 'players')}
      />
      {byPlayer
        ? SEATS.map((seat) => (
            <label class="field" key={seat}>
              <span>{t(`seat.${seat}` as 'seat.0')}</span>
              <input data-testid={`kraken-player-${seat}`} maxLength={40} value={players[seat]} onInput={(e) => setPlayers(players.map((p, i) => (i === seat ? (e.target as HTMLInputElement).value : p)))} />
            </label>
          ))
        : [0, 1].map((team) => (
            <label class="field" key={team}>
              <span>{t('sheet.teamName', { team: t(`team.${team}` as 'team.0') })}</span>
              <input data-testid={`kraken-team-${team}`} maxLength={40} value={teams[team]} onInput={(e) => setTeams(teams.map((p, i) => (i === team ? (e.target as HTMLInputElement).value : p)))} />
            </label>
          ))}
      <label class="field">
        <span>{t('sheet.firstDealer')}</span>
        <select data-testid="kraken-dealer" value={dealer} onChange={(e) => setDealer(Number((e.target as HTMLSelectElement).value))}>
          {SEATS.map((seat) => (
            <option key={seat} value={seat}>
              {seatName(seat)}
            </option>
          ))}
        </select>
      </label>
      <label class="field">
        <span>{t('sheet.length')}</span>
        <select data-testid="kraken-length" value={length} onChange={(e) => setLength((e.target as HTMLSelectElement).value)}>
          {[16, 8, 1].map((n) => (
            <option key={n} value={`rounds:${n}`}>
              {t('sheet.lengthRounds', { rounds: n })}
            </option>
          ))}
          {[1500, 750].map((n) => (
            <option key={n} value={`target:${n}`}>
              {t('sheet.lengthTarget', { target: n })}
            </option>
          ))}
        </select>
      </label>
      <label class="field">
        <span>{t('create.preset')}</span>
        <select
          data-testid="kraken-preset"
          value={preset}
          onChange={(e) => {
            const name = (e.target as HTMLSelectElement).value;
            setPreset(name);
            if (name in KRAKEN_PRESETS) setRules({ ...DEFAULT_KRAKEN_RULES, ...KRAKEN_PRESETS[name] });
          }}
        >
          {Object.keys(KRAKEN_PRESETS).map((name) => (
            <option key={name} value={name}>
              {t(`preset.${name}` as 'preset.amsterdam')}
            </option>
          ))}
          <option value="custom">{t('create.custom')}</option>
        </select>
      </label>
      <details class="rules-fields">
        <summary>{t('create.rules')}</summary>
        <label class="field">
          <span>{t('rule.roem')}</span>
          <select
            data-testid="kraken-roem"
            value={rules.roem}
            onChange={(e) => {
              setPreset('custom');
              set({ roem: (e.target as HTMLSelectElement).value as RoemMode });
            }}
          >
            {(['tricks', 'hand', 'none'] as const).map((mode) => (
              <option key={mode} value={mode}>
                {t(`opt.roem.${mode}`)}
              </option>
            ))}
          </select>
        </label>
        {(['challenges', 'double_spades', 'multiply_roem'] as const).map((name) => (
          <label class="check" key={name}>
            <input
              type="checkbox"
              data-testid={`kraken-${name}`}
              checked={rules[name]}
              onChange={(e) => {
                setPreset('custom');
                set({ [name]: (e.target as HTMLInputElement).checked });
              }}
            />{' '}
            {t(`rule.${name}`)}
          </label>
        ))}
      </details>
      <button type="submit" class="primary big" data-testid="kraken-start">
        {t('sheet.start')}
      </button>
    </form>
  );
}

function NewGurka() {
  const [players, setPlayers] = useState(['', '', '', '']);
  const [eliminateAt, setEliminateAt] = useState(30);
  const [freeRebuy, setFreeRebuy] = useState(false);
  const [stake, setStake] = useState(1);
  const [dealer, setDealer] = useState(0);
  const name = (seat: number) => players[seat].trim() || t('seat.player', { number: seat + 1 });
  return (
    <form
      class="card-panel sheet-new"
      data-testid="new-gurka"
      onSubmit={(e) => {
        e.preventDefault();
        const sheet = newGurkaSheet({
          players: players.map((_, seat) => name(seat)),
          first_dealer: dealer,
          rules: { eliminate_at: eliminateAt, free_rebuy: freeRebuy, stake },
        });
        navigate(`/sheet/${addSheet(sheet)}`);
      }}
    >
      <h2>{t('sheet.newGurka')}</h2>
      {players.map((p, seat) => (
        <label class="field" key={seat}>
          <span>{t('seat.player', { number: seat + 1 })}</span>
          <input data-testid={`gurka-player-${seat}`} maxLength={40} value={p} onInput={(e) => setPlayers(players.map((q, i) => (i === seat ? (e.target as HTMLInputElement).value : q)))} />
        </label>
      ))}
      <div class="row-buttons">
        <button type="button" data-testid="gurka-add-player" disabled={players.length >= 8} onClick={() => setPlayers([...players, ''])}>
          {t('sheet.addPlayer')}
        </button>
        <button
          type="button"
          data-testid="gurka-remove-player"
          disabled={players.length <= 3}
          onClick={() => {
            setPlayers(players.slice(0, -1));
            if (dealer >= players.length - 1) setDealer(0);
          }}
        >
          {t('sheet.removePlayer')}
        </button>
      </div>
      <label class="field">
        <span>{t('sheet.firstDealer')}</span>
        <select data-testid="gurka-dealer" value={dealer} onChange={(e) => setDealer(Number((e.target as HTMLSelectElement).value))}>
          {players.map((_, seat) => (
            <option key={seat} value={seat}>
              {name(seat)}
            </option>
          ))}
        </select>
      </label>
      <Choice
        legend={t('rule.eliminate_at')}
        name="gurka-eliminate"
        value={eliminateAt}
        options={[30, 20].map((n) => ({ value: n, label: String(n) }))}
        onChange={setEliminateAt}
        testId="gurka-eliminate"
      />
      <label class="check">
        <input type="checkbox" data-testid="gurka-free-rebuy" checked={freeRebuy} onChange={(e) => setFreeRebuy((e.target as HTMLInputElement).checked)} /> {t('rule.free_rebuy')}
      </label>
      <label class="field">
        <span>{t('rule.stake')}</span>
        <input type="number" inputMode="numeric" min={0} data-testid="gurka-stake" value={stake} onInput={(e) => setStake(Math.max(0, Math.floor(Number((e.target as HTMLInputElement).value) || 0)))} />
      </label>
      <button type="submit" class="primary big" data-testid="gurka-start">
        {t('sheet.start')}
      </button>
    </form>
  );
}

/** Open a sheet's JSON file (the browser's or the terminal's export). */
function OpenFile() {
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <div class="field">
      <label for="sheet-file">{t('sheet.openFile')}</label>
      <input
        id="sheet-file"
        type="file"
        accept=".json,application/json"
        data-testid="sheet-file"
        onChange={async (e) => {
          const file = (e.target as HTMLInputElement).files?.[0];
          if (!file) return;
          try {
            const sheet = readSheet(JSON.parse(await file.text()));
            navigate(`/sheet/${addSheet(sheet)}`);
          } catch (error) {
            setProblem(error instanceof SyntaxError ? t('sheet.notJson') : refusalText(error, { seat: (seat) => String(seat) }));
          }
        }}
      />
      {problem && (
        <p class="error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}

function SheetHome() {
  const [game, setGame] = useState<'kraken' | 'gurka'>('kraken');
  return (
    <main id="main" class="screen sheet-screen" data-testid="sheet-home">
      <h1>{t('sheet.title')}</h1>
      <p class="tagline">{t('sheet.tagline')}</p>
      <SheetList />
      <OpenFile />
      <Choice
        legend={t('sheet.newSheet')}
        name="sheet-game"
        value={game}
        options={[
          { value: 'kraken', label: t('game.kraken') },
          { value: 'gurka', label: t('game.gurka') },
        ]}
        onChange={setGame}
        testId="sheet-game"
      />
      {game === 'kraken' ? <NewKraken /> : <NewGurka />}
    </main>
  );
}

/** How often the read-only view asks whether the sheet changed. */
const FOLLOW_MS = 2000;

/** A shared sheet, read-only, following the score live (it asks the server every few seconds). */
function SharedSheetView({ token }: { token: string }) {
  const [shared, setShared] = useState<SharedSheet | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let revision: number | null = null;
    const poll = async () => {
      try {
        const next = await readShared(token, revision);
        if (!live) return;
        if (next) {
          revision = next.revision;
          setShared(next);
        }
        setProblem(null);
      } catch (error) {
        if (!live) return;
        setProblem(error instanceof ApiError && error.status === 404 ? t('sheet.sharedGone') : t('err.network'));
      }
      if (live) timer = setTimeout(() => void poll(), FOLLOW_MS);
    };
    void poll();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [token]);
  if (!shared) {
    return (
      <main id="main" class="screen sheet-screen">
        <h1>{t('sheet.title')}</h1>
        {problem ? (
          <p class="error" role="alert">
            {problem}
          </p>
        ) : (
          <p role="status">{t('common.loading')}</p>
        )}
      </main>
    );
  }
  const stored: StoredSheet = { id: 'shared', created: shared.updated, updated: shared.updated, sheet: shared.sheet };
  const sheet = shared.sheet;
  return (
    <>
      <p class="screen sheet-following muted small" role="status" data-testid="sheet-following">
        {problem ?? t('sheet.following')}
      </p>
      {sheet.game === 'kraken' ? <KrakenSheetView stored={stored} sheet={sheet} readOnly /> : <GurkaSheetView stored={stored} sheet={sheet} readOnly />}
    </>
  );
}

/** The /sheet pages: the list (`id` null), one sheet of this browser, or a shared sheet (`shared`: its token). */
export function SheetPage({ id, shared }: { id: string | null; shared: string | null }) {
  useSheetServices();
  if (shared) return <SharedSheetView token={shared} />;
  if (id === null) return <SheetHome />;
  const stored = sheets.value[id];
  if (!stored) {
    return (
      <main id="main" class="screen sheet-screen">
        <h1>{t('sheet.title')}</h1>
        <p data-testid="sheet-missing">{t('sheet.missing')}</p>
        <a href="/sheet">{t('sheet.all')}</a>
      </main>
    );
  }
  const sheet = stored.sheet;
  const problem = attempt(() => checkSheet(sheet), { seat: (seat) => String(seat) }).error;
  if (problem) {
    return (
      <main id="main" class="screen sheet-screen">
        <h1>{sheetTitle(sheet)}</h1>
        <p class="error" role="alert">
          {problem}
        </p>
        <a href="/sheet">{t('sheet.all')}</a>
      </main>
    );
  }
  return sheet.game === 'kraken' ? <KrakenSheetView stored={stored} sheet={sheet} readOnly={false} /> : <GurkaSheetView stored={stored} sheet={sheet} readOnly={false} />;
}
