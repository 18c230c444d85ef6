// The parts both sheets share: a row of big radio buttons (one tap on a phone), a
// number field with a numeric keyboard, refusals in words, the end of the entry form,
// the history table with each round's edit and delete, and undo with the tools.

import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { t, tMaybe } from '../i18n';
import type { Sheet, StoredSheet } from '../sheet/document';
import { SheetRefusal } from '../sheet/errors';
import { canUndo, change, undoChange } from '../sheet/store';
import { SheetTools } from './SheetTools';

export interface Option<T> {
  value: T;
  label: string;
}

/** A fieldset of radio buttons drawn as a row of pills. */
export function Choice<T extends string | number>(props: {
  legend: string;
  name: string;
  options: Option<T>[];
  value: T | null;
  onChange: (value: T) => void;
  testId?: string;
}) {
  return (
    <fieldset class="pills" data-testid={props.testId}>
      <legend>{props.legend}</legend>
      {props.options.map((o) => (
        <label class="pill" key={String(o.value)}>
          <input type="radio" name={props.name} value={String(o.value)} checked={props.value === o.value} onChange={() => props.onChange(o.value)} />
          <span>{o.label}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** A whole-number field (the phone shows its number pad). */
export function NumberField(props: {
  id: string;
  label: string;
  value: number | null;
  onChange: (value: number | null) => void;
  min?: number;
  max?: number;
  testId?: string;
  children?: ComponentChildren;
}) {
  return (
    <div class="field number-field">
      <label for={props.id}>{props.label}</label>
      <input
        id={props.id}
        data-testid={props.testId}
        type="number"
        inputMode="numeric"
        min={props.min}
        max={props.max}
        step={1}
        value={props.value ?? ''}
        onInput={(e) => {
          const text = (e.target as HTMLInputElement).value;
          props.onChange(text === '' ? null : Number(text));
        }}
      />
      {props.children}
    </div>
  );
}

/** How a refusal names seats and teams (its parameters hold their numbers). */
export interface Namer {
  seat: (seat: number) => string;
  team?: (team: number) => string;
}

/** The words of a refusal (or of any other error). */
export function refusalText(error: unknown, names: Namer): string {
  if (error instanceof SheetRefusal) {
    const params = { ...error.params };
    if (typeof params.seat === 'number') params.seat = names.seat(params.seat);
    if (typeof params.team === 'number' && names.team) params.team = names.team(params.team);
    if (typeof params.mode === 'string') params.mode = tMaybe(`opt.roem.${params.mode}`) ?? params.mode;
    return t(error.key, params);
  }
  return error instanceof Error ? error.message : String(error);
}

/** Try `compute`; its refusal in words instead of a value. */
export function attempt<T>(compute: () => T, names: Namer): { value: T; error: null } | { value: null; error: string } {
  try {
    return { value: compute(), error: null };
  } catch (error) {
    return { value: null, error: refusalText(error, names) };
  }
}

/** Focus (and so show) the entry form's heading when a round is being edited. */
export function useEditFocus(editing: number | null) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (editing !== null) heading.current?.focus();
  }, [editing]);
  return heading;
}

/** The end of an entry form: the refusal of the last try, the add (or save) and cancel buttons. */
export function FormEnd({ game, refusal, editing, onCancel }: { game: string; refusal: string | null; editing: boolean; onCancel: () => void }) {
  return (
    <>
      {refusal && (
        <p class="error" role="alert" data-testid="sheet-refusal">
          {refusal}
        </p>
      )}
      <div class="row-buttons">
        <button type="submit" class="primary big" data-testid={`${game}-add`}>
          {editing ? t('sheet.saveRound') : t('sheet.addRound')}
        </button>
        {editing && (
          <button type="button" data-testid={`${game}-cancel`} onClick={onCancel}>
            {t('common.cancel')}
          </button>
        )}
      </div>
    </>
  );
}

/** The rounds as a table that scrolls sideways on a phone; the last column changes a round. */
export function HistoryTable({ game, readOnly, head, children }: { game: string; readOnly: boolean; head: ComponentChildren; children: ComponentChildren }) {
  const title = `${game}-history-title`;
  return (
    <section class="card-panel" aria-labelledby={title}>
      <h2 id={title}>{t('sheet.history')}</h2>
      <div class="table-scroll" tabIndex={0} role="region" aria-labelledby={title}>
        <table class="board sheet-table" data-testid={`${game}-history`}>
          <thead>
            <tr>
              {head}
              {!readOnly && (
                <th scope="col" class="actions-col">
                  {t('sheet.actions')}
                </th>
              )}
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      </div>
    </section>
  );
}

/** Edit and delete buttons of round `index` (deleting scores the later rounds again; a refusal is told). */
export function RoundActions({ game, stored, index, names, onEdit, onRefused }: { game: string; stored: StoredSheet; index: number; names: Namer; onEdit: (index: number) => void; onRefused: (message: string) => void }) {
  const number = index + 1;
  return (
    <td class="row-actions actions-col">
      <button type="button" class="quick" data-testid={`${game}-edit-${number}`} aria-label={`${t('sheet.edit')} – ${t('sheet.enterRound', { number })}`} onClick={() => onEdit(index)}>
        {t('sheet.edit')}
      </button>
      <button
        type="button"
        class="quick danger"
        data-testid={`${game}-delete-${number}`}
        aria-label={`${t('sheet.delete')} – ${t('sheet.enterRound', { number })}`}
        onClick={() => {
          try {
            change(stored.id, (s) => ({ ...s, rounds: s.rounds.filter((_, k) => k !== index) }) as Sheet, null);
          } catch (error) {
            onRefused(refusalText(error, names));
          }
        }}
      >
        {t('sheet.delete')}
      </button>
    </td>
  );
}

/** Below the history: undo, then export and share. */
export function SheetEnd({ stored, readOnly }: { stored: StoredSheet; readOnly: boolean }) {
  return (
    <>
      {!readOnly && (
        <div class="row-buttons no-print">
          <button type="button" data-testid="sheet-undo" disabled={!canUndo(stored.id)} onClick={() => undoChange(stored.id)}>
            {t('sheet.undo')}
          </button>
        </div>
      )}
      <SheetTools stored={stored} readOnly={readOnly} />
    </>
  );
}

/**
 * Below a sheet's totals: the entry form (for the next round, or the round being
 * edited; none once the game is over or when read-only), the history with its
 * refusals, undo and the tools.
 */
export function SheetBody(props: {
  stored: StoredSheet;
  readOnly: boolean;
  over: boolean;
  form: (editing: number | null, onDone: () => void) => ComponentChildren;
  history: (onEdit: (index: number) => void, onRefused: (message: string) => void) => ComponentChildren;
}) {
  const [editing, setEditing] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const done = () => {
    setEditing(null);
    setRefusal(null);
  };
  return (
    <>
      {!props.readOnly && (editing !== null || !props.over) && props.form(editing, done)}
      {refusal && (
        <p class="error" role="alert" data-testid="sheet-history-refusal">
          {refusal}
        </p>
      )}
      {props.history(setEditing, setRefusal)}
      <SheetEnd stored={props.stored} readOnly={props.readOnly} />
    </>
  );
}
