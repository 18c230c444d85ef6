// The sheet's small controls: a row of big radio buttons (one tap on a phone), a
// number field with a numeric keyboard, and the refusal message of an entry.

import type { ComponentChildren } from 'preact';
import { t, tMaybe } from '../i18n';
import { SheetRefusal } from '../sheet/errors';

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
