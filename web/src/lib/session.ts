// Who we are: the session token and user, kept in localStorage so that a reload or a
// new tab at the same table is the same player.

import { signal } from '@preact/signals';
import { load, save } from './storage';

const KEY = 'cardtable.session';

export interface User {
  id: string;
  name: string;
  /** `guest` or `account`. */
  kind: string;
  /** An account's username (a guest has none). */
  username?: string | null;
}

export interface Session {
  token: string;
  user: User;
}

export const session = signal<Session | null>(load<Session | null>(KEY, null));

export function setSession(value: Session | null): void {
  session.value = value;
  save(KEY, value);
}
