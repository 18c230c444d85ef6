// Small inline icons (no emoji: not every system has an emoji font).

export function BotIcon({ title }: { title?: string }) {
  return (
    <svg class="icon" viewBox="0 0 16 16" width="14" height="14" role={title ? 'img' : undefined} aria-label={title} aria-hidden={title ? undefined : 'true'}>
      <path
        fill="currentColor"
        d="M7.25 1h1.5v2H12a2 2 0 0 1 2 2v6a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h3.25V1ZM5.5 6.5a1.25 1.25 0 1 0 0 2.5 1.25 1.25 0 0 0 0-2.5Zm5 0a1.25 1.25 0 1 0 0 2.5 1.25 1.25 0 0 0 0-2.5ZM5.5 10.5v1h5v-1h-5ZM0 6.5h1v3H0v-3Zm15 0h1v3h-1v-3Z"
      />
    </svg>
  );
}

export function LogoIcon() {
  return (
    <svg class="icon logo" viewBox="0 0 64 64" width="22" height="22" aria-hidden="true">
      <rect x="10" y="4" width="44" height="56" rx="6" fill="#fff" stroke="#9ccc65" stroke-width="3" />
      <path d="M32 16c-6 8-14 12-14 20a7 7 0 0 0 12 5l-3 9h10l-3-9a7 7 0 0 0 12-5c0-8-8-12-14-20z" fill="#c62828" />
    </svg>
  );
}

/** The replay's controls, drawn (the media symbols ⏮ ⏪ ⏩ ⏭ are missing from many
 * systems' fonts). Each points the way time runs; a right-to-left page mirrors them. */
const REPLAY_PATHS = {
  first: 'M3 3h2v10H3zM13 3v10L6 8z',
  prevRound: 'M8 3v10L1 8zM15 3v10L8 8z',
  prev: 'M11 3v10L4 8z',
  play: 'M4 2.5v11L13.5 8z',
  pause: 'M4 3h3v10H4zM9 3h3v10H9z',
  next: 'M5 3v10l7-5zM12 3h1.5v10H12z',
  nextRound: 'M1 3v10l7-5zM8 3v10l7-5z',
  last: 'M3 3v10l7-5zM11 3h2v10h-2z',
} as const;

export type ReplayIconName = keyof typeof REPLAY_PATHS;

export function ReplayIcon({ name }: { name: ReplayIconName }) {
  return (
    <svg class="icon replay-icon" viewBox="0 0 16 16" width="18" height="18" aria-hidden="true" data-icon={name}>
      <path fill="currentColor" d={REPLAY_PATHS[name]} />
    </svg>
  );
}
