// A Kraken score sheet: the totals, the entry of a round in a few taps with what the
// rules make of it at once, and the whole history with edit, delete and undo.

import { useState } from 'preact/hooks';
import { t } from '../i18n';
import type { KrakenSheet, StoredSheet } from '../sheet/document';
import {
  CHALLENGES,
  TOTAL_CARD_POINTS,
  emptyEntry,
  reasonOf,
  scoreEntry,
  tally,
  type Challenge,
  type KrakenEntry,
  type KrakenResult,
  type Team,
} from '../sheet/kraken';
import { change } from '../sheet/store';
import { attempt, Choice, FormEnd, HistoryTable, NumberField, refusalText, RoundActions, SheetBody, useEditFocus, type Namer } from './SheetControls';

/** The roem buttons of roem in tricks (one value per trick; stuk alone in a trick is 20). */
const TRICK_BUTTONS = [20, 40, 50, 100, 200] as const;
/** The declaration buttons of roem from hand (stuk is a switch). */
const HAND_BUTTONS = [20, 50, 100, 200] as const;

export function seatLabel(sheet: KrakenSheet, seat: number): string {
  return sheet.players?.[seat] ?? t(`seat.${seat}` as 'seat.0');
}

function namer(sheet: KrakenSheet): Namer {
  return { seat: (seat) => seatLabel(sheet, seat), team: (team) => sheet.teams[team] ?? String(team) };
}

interface Draft extends Omit<KrakenEntry, 'card_points' | 'declarers'> {
  declarers: Team | null;
  card_points: number | null;
}

const EMPTY: Draft = { ...emptyEntry(), declarers: null, card_points: null };

function entryOf(draft: Draft): KrakenEntry | null {
  if (draft.declarers === null || draft.card_points === null) return null;
  return { ...draft, declarers: draft.declarers, card_points: draft.card_points };
}

/** "81 + 20", or "81" without roem. */
function sum(cards: number, roem: number): string {
  return roem ? `${cards} + ${roem}` : String(cards);
}

/** What the rules make of a round, in words. */
export function reason(sheet: KrakenSheet, result: KrakenResult): string {
  const why = reasonOf(result);
  const parts = [
    t(why.nat ? 'sheet.reason.nat' : 'sheet.reason.made', {
      team: sheet.teams[result.declarers],
      own: sum(...why.declarers),
      other: sum(...why.defenders),
    }),
  ];
  if (result.mars !== null && !(result.nat && result.mars === result.declarers)) parts.push(t('sheet.reason.mars', { team: sheet.teams[result.mars] }));
  if (result.multiplier > 1) parts.push(t('sheet.reason.multiplier', { multiplier: result.multiplier }));
  return parts.join(' ');
}

function ResultView({ sheet, result }: { sheet: KrakenSheet; result: KrakenResult }) {
  return (
    <div class="sheet-result" data-testid="kraken-result">
      <p class={result.nat ? 'verdict nat' : 'verdict made'}>
        <strong>{t(result.nat ? 'sheet.nat' : 'sheet.made')}</strong>
        {result.mars !== null && <span class="badge">{t('sheet.mars')}</span>}
        {result.multiplier > 1 && <span class="badge">×{result.multiplier}</span>}
      </p>
      <p data-testid="kraken-reason">{reason(sheet, result)}</p>
      <p class="result-points">
        {sheet.teams[0]}: <strong data-testid="kraken-result-0">{result.points[0]}</strong> · {sheet.teams[1]}: <strong data-testid="kraken-result-1">{result.points[1]}</strong>
      </p>
    </div>
  );
}

function TrickRoem({ sheet, draft, set }: { sheet: KrakenSheet; draft: Draft; set: (d: Draft) => void }) {
  const put = (team: Team, values: number[]) => {
    const roem: [number[], number[]] = [[...draft.roem[0]], [...draft.roem[1]]];
    roem[team] = values;
    set({ ...draft, roem });
  };
  return (
    <fieldset class="roem-entry">
      <legend>{t('sum.roem')}</legend>
      {([0, 1] as const).map((team) => {
        const values = draft.roem[team];
        const total = values.reduce((a, b) => a + b, 0);
        return (
          <div class="roem-team" key={team} role="group" aria-label={t('sheet.roemOf', { team: sheet.teams[team] })}>
            <span class="roem-name">{sheet.teams[team]}</span>
            <output class="roem-value" data-testid={`kraken-roem-${team}`} aria-label={t('sheet.roemOf', { team: sheet.teams[team] })}>
              {total}
            </output>
            {TRICK_BUTTONS.map((amount) => (
              <button type="button" key={amount} class="quick" data-testid={`kraken-roem-${team}-${amount}`} aria-label={`+${amount}: ${t('sheet.addRoem', { amount, team: sheet.teams[team] })}`} onClick={() => put(team, [...values, amount])}>
                +{amount}
              </button>
            ))}
            <button type="button" class="quick" data-testid={`kraken-roem-${team}-stuk`} aria-label={`${t('sheet.stuk')}: ${t('sheet.addRoem', { amount: t('sheet.stuk'), team: sheet.teams[team] })}`} onClick={() => put(team, [...values, 20])}>
              {t('sheet.stuk')}
            </button>
            <button type="button" class="quick" data-testid={`kraken-roem-${team}-clear`} aria-label={`0: ${t('sheet.clearRoem', { team: sheet.teams[team] })}`} disabled={!values.length} onClick={() => put(team, [])}>
              0
            </button>
            {values.length > 1 && <span class="muted small">{values.join(' + ')}</span>}
          </div>
        );
      })}
    </fieldset>
  );
}

function HandRoem({ sheet, draft, set }: { sheet: KrakenSheet; draft: Draft; set: (d: Draft) => void }) {
  const put = (seat: number, value: number, stuk: boolean) =>
    set({ ...draft, declared: draft.declared.map((v, i) => (i === seat ? value : v)), stuk: draft.stuk.map((s, i) => (i === seat ? stuk : s)) });
  return (
    <fieldset class="roem-entry">
      <legend>{t('sheet.declarations')}</legend>
      {[0, 1, 2, 3].map((seat) => {
        const value = draft.declared[seat];
        const stuk = draft.stuk[seat];
        const who = seatLabel(sheet, seat);
        return (
          <div class="roem-team" key={seat} role="group" aria-label={t('sheet.declarationOf', { player: who })}>
            <span class="roem-name">{who}</span>
            <output class="roem-value" data-testid={`kraken-declared-${seat}`} aria-label={t('sheet.declarationOf', { player: who })}>
              {value}
            </output>
            {HAND_BUTTONS.map((amount) => (
              <button type="button" key={amount} class="quick" data-testid={`kraken-declare-${seat}-${amount}`} aria-label={`+${amount}: ${t('sheet.addRoem', { amount, team: who })}`} onClick={() => put(seat, value + amount, stuk)}>
                +{amount}
              </button>
            ))}
            <button type="button" class="quick" aria-pressed={stuk} data-testid={`kraken-declare-${seat}-stuk`} aria-label={`${t('sheet.stuk')}: ${t('sheet.stukOf', { player: who })}`} onClick={() => put(seat, stuk ? value - 20 : value + 20, !stuk)}>
              {t('sheet.stuk')}
            </button>
            <button type="button" class="quick" aria-label={`0: ${t('sheet.clearRoem', { team: who })}`} disabled={!value} onClick={() => put(seat, 0, false)}>
              0
            </button>
          </div>
        );
      })}
    </fieldset>
  );
}

function EntryForm({ stored, sheet, editing, onDone }: { stored: StoredSheet; sheet: KrakenSheet; editing: number | null; onDone: () => void }) {
  const [draft, setDraft] = useState<Draft>(editing === null ? EMPTY : { ...sheet.rounds[editing] });
  const [refusal, setRefusal] = useState<string | null>(null);
  const set = (next: Draft) => {
    setDraft(next);
    setRefusal(null);
  };
  const rules = sheet.rules;
  const names = namer(sheet);
  const entry = entryOf(draft);
  const preview = entry ? attempt(() => scoreEntry(entry, rules), names) : null;
  const other = draft.card_points === null ? null : TOTAL_CARD_POINTS - draft.card_points;
  const number = editing === null ? sheet.rounds.length + 1 : editing + 1;
  const title = useEditFocus(editing);
  return (
    <form
      class="card-panel sheet-entry"
      data-testid="kraken-entry"
      aria-labelledby="kraken-entry-title"
      onSubmit={(e) => {
        e.preventDefault();
        if (!entry) {
          setRefusal(t('sheet.incomplete'));
          return;
        }
        try {
          change(
            stored.id,
            (s) => {
              const rounds = [...(s as KrakenSheet).rounds];
              if (editing === null) rounds.push(entry);
              else rounds[editing] = entry;
              return { ...(s as KrakenSheet), rounds };
            },
            number,
          );
          setDraft(EMPTY);
          onDone();
        } catch (error) {
          setRefusal(refusalText(error, names));
        }
      }}
    >
      <h2 id="kraken-entry-title" ref={title} tabIndex={-1}>{editing === null ? t('sheet.enterRound', { number }) : t('sheet.editRound', { number })}</h2>
      {sheet.players ? (
        <Choice
          legend={t('sheet.declarer')}
          name="declarer"
          testId="kraken-declarer"
          value={draft.declarer}
          options={[0, 1, 2, 3].map((seat) => ({ value: seat, label: seatLabel(sheet, seat) }))}
          onChange={(seat) => set({ ...draft, declarer: seat, declarers: (seat % 2) as Team })}
        />
      ) : (
        <Choice
          legend={t('sheet.declarers')}
          name="declarers"
          testId="kraken-declarers"
          value={draft.declarers}
          options={[0, 1].map((team) => ({ value: team as Team, label: sheet.teams[team] }))}
          onChange={(team) => set({ ...draft, declarers: team })}
        />
      )}
      <Choice
        legend={t('sheet.pointsOf')}
        name="points-of"
        testId="kraken-points-of"
        value={draft.points_of}
        options={[0, 1].map((team) => ({ value: team as Team, label: sheet.teams[team] }))}
        onChange={(team) => set({ ...draft, points_of: team })}
      />
      <NumberField
        id="kraken-points"
        testId="kraken-points"
        label={t('sheet.cardPoints', { team: sheet.teams[draft.points_of] })}
        value={draft.card_points}
        min={0}
        max={TOTAL_CARD_POINTS}
        onChange={(card_points) => set({ ...draft, card_points })}
      >
        <span class="muted small" data-testid="kraken-other-points">
          {other === null ? '' : t('sheet.otherPoints', { team: sheet.teams[1 - draft.points_of], points: other })}
        </span>
      </NumberField>
      {rules.double_spades && (
        <label class="check">
          <input type="checkbox" data-testid="kraken-spades" checked={draft.spades} onChange={(e) => set({ ...draft, spades: (e.target as HTMLInputElement).checked })} /> {t('sheet.spades')}
        </label>
      )}
      {rules.roem === 'tricks' && <TrickRoem sheet={sheet} draft={draft} set={set} />}
      {rules.roem === 'hand' && <HandRoem sheet={sheet} draft={draft} set={set} />}
      {rules.challenges && (
        <Choice
          legend={t('sheet.challenge')}
          name="challenge"
          testId="kraken-challenge"
          value={draft.challenge}
          options={CHALLENGES.map((challenge) => ({ value: challenge, label: t(`sheet.challenge.${challenge}`) }))}
          onChange={(challenge: Challenge) => set({ ...draft, challenge })}
        />
      )}
      <Choice
        legend={t('sheet.allTricks')}
        name="mars"
        testId="kraken-mars"
        value={draft.mars === null ? 'none' : draft.mars}
        options={[{ value: 'none' as const, label: t('sheet.nobody') }, ...[0, 1].map((team) => ({ value: team as Team, label: sheet.teams[team] }))]}
        onChange={(mars) => set({ ...draft, mars: mars === 'none' ? null : mars })}
      />
      <div aria-live="polite">
        {preview?.value && <ResultView sheet={sheet} result={preview.value} />}
        {preview?.error && (
          <p class="error" data-testid="kraken-problem">
            {preview.error}
          </p>
        )}
      </div>
      <FormEnd game="kraken" refusal={refusal} editing={editing !== null} onCancel={onDone} />
    </form>
  );
}

function History({ stored, sheet, readOnly, onEdit, onRefused }: { stored: StoredSheet; sheet: KrakenSheet; readOnly: boolean; onEdit: (index: number) => void; onRefused: (message: string) => void }) {
  const { rounds } = tally(sheet.rules, sheet.rounds, sheet.first_dealer);
  if (!rounds.length) return null;
  return (
    <HistoryTable
      game="kraken"
      readOnly={readOnly}
      head={
        <>
          <th scope="col">#</th>
          <th scope="col">{t('sheet.dealer')}</th>
          <th scope="col">{t(sheet.players ? 'sheet.declarer' : 'sheet.declarers')}</th>
          <th scope="col">{t('sum.cardPoints')}</th>
          <th scope="col">{t('sum.roem')}</th>
          <th scope="col">{t('sheet.result')}</th>
          <th scope="col">{sheet.teams[0]}</th>
          <th scope="col">{sheet.teams[1]}</th>
        </>
      }
    >
      {rounds.map(({ number, dealer, result: r, totals }, i) => {
        const entry = sheet.rounds[i];
        return (
          <tr key={number} data-testid={`kraken-row-${number}`}>
            <th scope="row">{number}</th>
            <td>{seatLabel(sheet, dealer)}</td>
            <td>{entry.declarer !== null ? seatLabel(sheet, entry.declarer) : sheet.teams[r.declarers]}</td>
            <td>
              {r.card_points[0]}–{r.card_points[1]}
            </td>
            <td>
              {r.roem[0]}–{r.roem[1]}
            </td>
            <td>
              {[t(r.nat ? 'sheet.nat' : 'sheet.made'), r.mars !== null ? t('sheet.mars') : '', entry.challenge !== 'none' ? t(`sheet.challenge.${entry.challenge}`) : '', r.multiplier > 1 ? `×${r.multiplier}` : '']
                .filter(Boolean)
                .join(' · ')}
            </td>
            <td data-testid={`kraken-row-${number}-0`}>
              {r.points[0]} <span class="muted small">({totals[0]})</span>
            </td>
            <td data-testid={`kraken-row-${number}-1`}>
              {r.points[1]} <span class="muted small">({totals[1]})</span>
            </td>
            {!readOnly && <RoundActions game="kraken" stored={stored} index={i} names={namer(sheet)} onEdit={onEdit} onRefused={onRefused} />}
          </tr>
        );
      })}
    </HistoryTable>
  );
}

function lengthText(sheet: KrakenSheet): string {
  const target = sheet.rules.target_score;
  return target !== null ? t('sheet.lengthTarget', { target }) : t('sheet.lengthRounds', { rounds: sheet.rules.rounds });
}

/** A Kraken sheet; `readOnly` for the shared view (no entry, no edits). */
export function KrakenSheetView({ stored, sheet, readOnly }: { stored: StoredSheet; sheet: KrakenSheet; readOnly: boolean }) {
  const state = tally(sheet.rules, sheet.rounds, sheet.first_dealer);
  return (
    <main id="main" class="screen sheet-screen" data-testid="kraken-sheet">
      <h1>{sheet.title || `${sheet.teams[0]} – ${sheet.teams[1]}`}</h1>
      <p class="muted">
        {t('game.kraken')} · {lengthText(sheet)} · {t('rule.roem')}: {t(`opt.roem.${sheet.rules.roem}`)}
        {sheet.rules.double_spades ? ` · ${t('rule.double_spades')}` : ''}
        {sheet.rules.multiply_roem ? '' : ` · ${t('sheet.roemNotMultiplied')}`}
      </p>
      <section class="sheet-totals card-panel" aria-label={t('sum.total')} data-testid="kraken-totals">
        {([0, 1] as const).map((team) => (
          <div class={`total ${state.winner === team ? 'winner' : ''}`} key={team}>
            <span class="total-name">{sheet.teams[team]}</span>
            <strong class="total-points" data-testid={`kraken-total-${team}`}>
              {state.totals[team]}
            </strong>
          </div>
        ))}
        <p class="total-status" role="status" data-testid="kraken-status">
          {state.over
            ? state.winner === null
              ? t('over.draw')
              : t('over.won', { team: sheet.teams[state.winner] })
            : t('sheet.nextRound', { number: sheet.rounds.length + 1, dealer: seatLabel(sheet, state.nextDealer as number) })}
        </p>
      </section>
      <SheetBody
        stored={stored}
        readOnly={readOnly}
        over={state.over}
        form={(editing, onDone) => <EntryForm key={`${editing}-${sheet.rounds.length}`} stored={stored} sheet={sheet} editing={editing} onDone={onDone} />}
        history={(onEdit, onRefused) => <History stored={stored} sheet={sheet} readOnly={readOnly} onEdit={onEdit} onRefused={onRefused} />}
      />
    </main>
  );
}
