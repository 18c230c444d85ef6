// A refused entry. `code` is the refusal's name in docs/sheet.md (the engines' sheets
// refuse with the same codes); the page says it in the reader's language from the
// catalogs' `sheet.err.<code>` message with `params`. A refused change changes nothing.

import type { MessageKey, Params } from '../i18n';

export class SheetRefusal extends Error {
  constructor(
    readonly code: string,
    readonly params: Params = {},
    /** Which message of the code, when it has several (`sheet.err.<code>.<detail>`). */
    readonly detail: string | null = null,
  ) {
    super(`${code} ${JSON.stringify(params)}`);
    this.name = 'SheetRefusal';
  }

  /** The catalog key of the message. */
  get key(): MessageKey {
    return `sheet.err.${this.code}${this.detail ? `.${this.detail}` : ''}` as MessageKey;
  }
}

/** Refuse with `code` unless `condition` holds. */
export function refuseUnless(condition: boolean, code: string, params: Params = {}, detail: string | null = null): asserts condition {
  if (!condition) throw new SheetRefusal(code, params, detail);
}

/**
 * A refusal met in round `number` while the rounds are scored again: as it is when
 * that round is the one being entered (`fresh`), else `edit_conflict` (a change
 * elsewhere made it no longer fit).
 */
export function inRound(error: unknown, number: number, fresh: number | null): unknown {
  if (!(error instanceof SheetRefusal) || number === fresh || fresh === null) return error;
  return new SheetRefusal('edit_conflict', { number });
}
