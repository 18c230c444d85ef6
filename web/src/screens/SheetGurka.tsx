// A Gurka score sheet: each player's score, chips and whether they are in; a round's
// penalties entered or computed from the last trick's cards; eliminations, buy-back
// offers, the pot and its winner or split.

import { useState } from 'preact/hooks';
import { joinList, t } from '../i18n';
import { SUITS, rankLabel, suitSymbol, type Rank, type Suit } from '../lib/cards';
import { suitName } from '../lib/describe';
import type { GurkaSheet, StoredSheet } from '../sheet/document';
import { buybackCost, previewRound, tally, type GurkaEntry, type GurkaTally } from '../sheet/gurka';
import { change } from '../sheet/store';
import { attempt, Choice, FormEnd, HistoryTable, refusalText, RoundActions, SheetBody, useEditFocus, type Namer } from './SheetControls';

const RANKS: Rank[] = ['2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A'];

interface Draft {
  mode: 'penalty' | 'trick';
  penalties: (number | null)[];
  ranks: (Rank | '')[];
  suits: (Suit | '')[];
  buybacks: number[];
}

function emptyDraft(players: number): Draft {
  return { mode: 'penalty', penalties: new Array(players).fill(null), ranks: new Array(players).fill(''), suits: new Array(players).fill(''), buybacks: [] };
}

function draftOf(entry: GurkaEntry, players: number): Draft {
  const draft = { ...emptyDraft(players), buybacks: [...entry.buybacks] };
  if (entry.penalties) return { ...draft, penalties: [...entry.penalties] };
  const trick = entry.tricks?.[entry.tricks.length - 1] ?? [];
  for (const [seat, card] of trick) {
    draft.ranks[seat] = card.slice(0, -1).replace('10', 'T').toUpperCase() as Rank;
    draft.suits[seat] = card.slice(-1).toUpperCase() as Suit;
  }
  return { ...draft, mode: 'trick' };
}

function namer(sheet: GurkaSheet): Namer {
  return { seat: (seat) => sheet.players[seat] ?? String(seat) };
}

/** The entry of a draft (without its buy-backs): the penalties of the seats in, or the last trick's cards. */
function entryOf(draft: Draft, seats: number[]): GurkaEntry {
  if (draft.mode === 'trick') {
    return { penalties: null, tricks: [seats.map((seat) => [seat, `${draft.ranks[seat]}${draft.suits[seat]}`])], buybacks: [] };
  }
  return { penalties: draft.penalties.map((p, seat) => (seats.includes(seat) ? (p ?? 0) : 0)), tricks: null, buybacks: [] };
}

function EntryForm({ stored, sheet, editing, onDone }: { stored: StoredSheet; sheet: GurkaSheet; editing: number | null; onDone: () => void }) {
  const index = editing ?? sheet.rounds.length;
  const before: GurkaTally = tally(sheet.rules, sheet.rounds.slice(0, index), sheet.first_dealer);
  const [draft, setDraft] = useState<Draft>(() => (editing === null ? emptyDraft(sheet.rules.players) : draftOf(sheet.rounds[editing], sheet.rules.players)));
  const [refusal, setRefusal] = useState<string | null>(null);
  const set = (next: Draft) => {
    setDraft(next);
    setRefusal(null);
  };
  const names = namer(sheet);
  const playing = before.alive;
  const complete = draft.mode === 'penalty' || playing.every((seat) => draft.ranks[seat] && draft.suits[seat]);
  const preview = complete ? attempt(() => previewRound(sheet.rules, before, entryOf(draft, playing)), names) : null;
  const name = (seat: number) => sheet.players[seat];
  const offers = preview?.value?.offered ?? [];
  const title = useEditFocus(editing);
  const eliminated = preview?.value?.eliminated ?? [];
  return (
    <form
      class="card-panel sheet-entry"
      data-testid="gurka-entry"
      aria-labelledby="gurka-entry-title"
      onSubmit={(e) => {
        e.preventDefault();
        if (!complete) {
          setRefusal(t('sheet.trickIncomplete'));
          return;
        }
        const entry = { ...entryOf(draft, playing), buybacks: offers.filter((s) => draft.buybacks.includes(s)) };
        try {
          change(
            stored.id,
            (s) => {
              const rounds = [...(s as GurkaSheet).rounds];
              if (editing === null) rounds.push(entry);
              else rounds[editing] = entry;
              return { ...(s as GurkaSheet), rounds };
            },
            index + 1,
          );
          setDraft(emptyDraft(sheet.rules.players));
          onDone();
        } catch (error) {
          setRefusal(refusalText(error, names));
        }
      }}
    >
      <h2 id="gurka-entry-title" ref={title} tabIndex={-1}>{editing === null ? t('sheet.enterRound', { number: index + 1 }) : t('sheet.editRound', { number: index + 1 })}</h2>
      {before.nextDealer !== null && <p class="muted">{t('sheet.dealerIs', { dealer: name(before.nextDealer) })}</p>}
      {sheet.rules.penalty_tricks === 'last' && (
        <Choice
          legend={t('sheet.gurkaHow')}
          name="gurka-mode"
          testId="gurka-mode"
          value={draft.mode}
          options={[
            { value: 'penalty', label: t('sheet.gurkaByPenalty') },
            { value: 'trick', label: t('sheet.gurkaByTrick') },
          ]}
          onChange={(mode) => set({ ...draft, mode })}
        />
      )}
      {playing.map((seat) =>
        draft.mode === 'penalty' ? (
          <div class="field number-field" key={seat}>
            <label for={`gurka-penalty-${seat}`}>{t('sheet.penaltyOf', { player: name(seat) })}</label>
            <input
              id={`gurka-penalty-${seat}`}
              data-testid={`gurka-penalty-${seat}`}
              type="number"
              inputMode="numeric"
              min={0}
              max={sheet.rules.penalty_tricks === 'last' ? 14 : 84}
              value={draft.penalties[seat] ?? ''}
              onInput={(e) => {
                const text = (e.target as HTMLInputElement).value;
                set({ ...draft, penalties: draft.penalties.map((p, i) => (i === seat ? (text === '' ? null : Number(text)) : p)) });
              }}
            />
          </div>
        ) : (
          <fieldset class="trick-card-entry" key={seat}>
            <legend>{t('sheet.cardOf', { player: name(seat) })}</legend>
            <label>
              <span class="visually-hidden">{t('sheet.rankOf', { player: name(seat) })}</span>
              <select
                data-testid={`gurka-rank-${seat}`}
                value={draft.ranks[seat]}
                onChange={(e) => set({ ...draft, ranks: draft.ranks.map((r, i) => (i === seat ? ((e.target as HTMLSelectElement).value as Rank) : r)) })}
              >
                <option value="">—</option>
                {RANKS.map((rank) => (
                  <option key={rank} value={rank}>
                    {rankLabel(rank)}
                  </option>
                ))}
              </select>
            </label>
            <label>
              <span class="visually-hidden">{t('sheet.suitOf', { player: name(seat) })}</span>
              <select
                data-testid={`gurka-suit-${seat}`}
                value={draft.suits[seat]}
                onChange={(e) => set({ ...draft, suits: draft.suits.map((r, i) => (i === seat ? ((e.target as HTMLSelectElement).value as Suit) : r)) })}
              >
                <option value="">—</option>
                {SUITS.map((suit) => (
                  <option key={suit} value={suit}>
                    {suitSymbol(suit)} {suitName(suit)}
                  </option>
                ))}
              </select>
            </label>
          </fieldset>
        ),
      )}
      <div aria-live="polite">
        {preview?.value && (
          <div class="sheet-result" data-testid="gurka-result">
            <p>{preview.value.penalties.flatMap((p, seat) => (p > 0 ? [t('sheet.scores', { player: name(seat), points: p })] : [])).join(' ')}</p>
            {eliminated.length > 0 && <p>{t('sheet.out', { players: joinList(eliminated.map(name)) })}</p>}
            {preview.value.winners.length > 0 && <p>{preview.value.winners.length === 1 ? t('sheet.winsPot', { player: name(preview.value.winners[0]), pot: preview.value.pot }) : t('sheet.splitPot', { players: joinList(preview.value.winners.map(name)), pot: preview.value.pot })}</p>}
          </div>
        )}
        {preview?.error && (
          <p class="error" data-testid="gurka-problem">
            {preview.error}
          </p>
        )}
      </div>
      {preview?.value && offers.length > 0 && (
        <fieldset data-testid="gurka-offers">
          <legend>{t('sheet.buybackOffer', { score: preview.value.level ?? 0 })}</legend>
          {offers.map((seat) => (
            <label class="check" key={seat}>
              <input
                type="checkbox"
                data-testid={`gurka-buyback-${seat}`}
                checked={draft.buybacks.includes(seat)}
                onChange={(e) => set({ ...draft, buybacks: (e.target as HTMLInputElement).checked ? [...draft.buybacks, seat] : draft.buybacks.filter((s) => s !== seat) })}
              />{' '}
              {t('sheet.buysBack', { player: name(seat), cost: buybackCost(sheet.rules, before.ledger, seat) })}
            </label>
          ))}
        </fieldset>
      )}
      <FormEnd game="gurka" refusal={refusal} editing={editing !== null} onCancel={onDone} />
    </form>
  );
}

function History({ stored, sheet, readOnly, onEdit, onRefused }: { stored: StoredSheet; sheet: GurkaSheet; readOnly: boolean; onEdit: (index: number) => void; onRefused: (message: string) => void }) {
  const { rounds } = tally(sheet.rules, sheet.rounds, sheet.first_dealer);
  if (!rounds.length) return null;
  return (
    <HistoryTable
      game="gurka"
      readOnly={readOnly}
      head={
        <>
          <th scope="col">#</th>
          <th scope="col">{t('sheet.dealer')}</th>
          {sheet.players.map((p, seat) => (
            <th scope="col" key={seat}>
              {p}
            </th>
          ))}
          <th scope="col">{t('info.pot')}</th>
        </>
      }
    >
      {rounds.map((round, i) => (
        <tr key={round.number} data-testid={`gurka-row-${round.number}`}>
          <th scope="row">{round.number}</th>
          <td>{sheet.players[round.dealer]}</td>
          {sheet.players.map((_, seat) => (
            <td key={seat} class={round.alive.includes(seat) ? '' : 'out'}>
              {round.seats.includes(seat) ? `+${round.penalties[seat]} ` : '– '}
              <strong>{round.scores[seat]}</strong>
              {round.eliminated.includes(seat) && !round.bought_back.includes(seat) && <span class="small"> {t('sheet.outMark')}</span>}
              {round.bought_back.includes(seat) && <span class="small"> {t('sheet.boughtBack')}</span>}
            </td>
          ))}
          <td>{round.pot}</td>
          {!readOnly && <RoundActions game="gurka" stored={stored} index={i} names={namer(sheet)} onEdit={onEdit} onRefused={onRefused} />}
        </tr>
      ))}
    </HistoryTable>
  );
}

/** A Gurka sheet; `readOnly` for the shared view. */
export function GurkaSheetView({ stored, sheet, readOnly }: { stored: StoredSheet; sheet: GurkaSheet; readOnly: boolean }) {
  const game = tally(sheet.rules, sheet.rounds, sheet.first_dealer);
  const alive = new Set(game.alive);
  return (
    <main id="main" class="screen sheet-screen" data-testid="gurka-sheet">
      <h1>{sheet.title || sheet.players.join(', ')}</h1>
      <p class="muted">
        {t('game.gurka')} · {t('sheet.outAt', { score: sheet.rules.eliminate_at })} · {t('rule.stake')}: {sheet.rules.stake}
        {sheet.rules.free_rebuy ? ` · ${t('rule.free_rebuy')}` : ''}
      </p>
      <section class="card-panel" aria-labelledby="gurka-standings-title" data-testid="gurka-standings">
        <h2 id="gurka-standings-title">{t('sheet.standings')}</h2>
        <ul class="gurka-players">
          {sheet.players.map((p, seat) => (
            <li key={seat} class={alive.has(seat) ? '' : 'out'} data-testid={`gurka-standing-${seat}`}>
              <span class="total-name">{p}</span>
              <strong data-testid={`gurka-score-${seat}`}>{game.scores[seat]}</strong>
              <span class="small">{alive.has(seat) ? '' : t('sheet.outMark')}</span>
              <span class="small" data-testid={`gurka-chips-${seat}`}>
                {t('table.chips', { chips: game.chips[seat] > 0 ? `+${game.chips[seat]}` : game.chips[seat] })}
              </span>
            </li>
          ))}
        </ul>
        <p role="status" data-testid="gurka-status">
          {game.over
            ? game.winners.length === 1
              ? t('sheet.winsPot', { player: sheet.players[game.winners[0]], pot: game.pot })
              : t('sheet.splitPot', { players: joinList(game.winners.map((s) => sheet.players[s])), pot: game.pot })
            : t('sheet.pot', { pot: game.pot })}
        </p>
      </section>
      <SheetBody
        stored={stored}
        readOnly={readOnly}
        over={game.over}
        form={(editing, onDone) => <EntryForm key={`${editing}-${sheet.rounds.length}`} stored={stored} sheet={sheet} editing={editing} onDone={onDone} />}
        history={(onEdit, onRefused) => <History stored={stored} sheet={sheet} readOnly={readOnly} onEdit={onEdit} onRefused={onRefused} />}
      />
    </main>
  );
}
