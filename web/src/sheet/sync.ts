// Keeping sheets on the server for an account (docs/sheet.md): filled in once the
// server API lands.

/** Start syncing this browser's sheets with the account's (no-op without an account). */
export function startSync(): void {}
