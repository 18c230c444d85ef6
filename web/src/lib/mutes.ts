// Whom each person at this browser has muted: a muted player's chat lines are hidden
// from that viewer only (nobody else is told). Kept in localStorage by the viewer's
// user id, so a mute lasts across reloads and tables in this browser, and a second
// person logging in here has their own list; another device starts with none.

import { signal } from '@preact/signals';
import { load, save } from './storage';

const KEY = 'cardtable.mutes';

/** Muted users by viewer: viewer id -> (muted user id -> the name they had). */
type Mutes = Record<string, Record<string, string>>;

export const mutes = signal<Mutes>(load<Mutes>(KEY, {}));

/** The users `viewer` has muted, with the names they had then. */
export function mutedBy(viewer: string | null | undefined): Record<string, string> {
  return (viewer && mutes.value[viewer]) || {};
}

/** Mute (`on`) or unmute `user` for `viewer`. */
export function setMuted(viewer: string, user: string, name: string, on: boolean): void {
  const mine = { ...mutedBy(viewer) };
  if (on) mine[user] = name;
  else delete mine[user];
  const next = { ...mutes.value, [viewer]: mine };
  mutes.value = next;
  save(KEY, next);
}
