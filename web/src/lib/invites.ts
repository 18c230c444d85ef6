// The invites of the tables we created or were invited to, kept so that the invite
// link can be shared again from the table (localStorage, the 50 latest), and
// forgotten at logout.

import { load, save } from './storage';

const KEY = 'cardtable.invites';

/** Remember the invite of a table. */
export function rememberInvite(tableId: string, invite: string): void {
  const all = load<Record<string, string>>(KEY, {});
  all[tableId] = invite;
  const keys = Object.keys(all);
  for (const k of keys.slice(0, Math.max(0, keys.length - 50))) delete all[k];
  save(KEY, all);
}

/** The remembered invite of a table, if any. */
export function knownInvite(tableId: string): string | null {
  return load<Record<string, string>>(KEY, {})[tableId] ?? null;
}

/** Forget every remembered invite (at logout: the next person at this browser is someone else). */
export function forgetInvites(): void {
  save(KEY, null);
}
