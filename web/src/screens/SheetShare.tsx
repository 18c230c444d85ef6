// The read-only link of a sheet (with an account).

import type { StoredSheet } from '../sheet/document';

export function ShareLink(_props: { stored: StoredSheet }) {
  return null;
}
