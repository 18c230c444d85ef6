// A card drawn as SVG: corner indices, suit pips and a framed letter on the court
// cards. The suit colours come from CSS (four-colour suits are a setting).

import { parseCard, rankLabel, type Suit } from '../lib/cards';

const PIPS: Record<Suit, string> = {
  H: 'M5 9.6C4.2 8.8 0 5.8 0 3 0 1.3 1.3 0 2.9 0 3.9 0 4.6.6 5 1.4 5.4.6 6.1 0 7.1 0 8.7 0 10 1.3 10 3 10 5.8 5.8 8.8 5 9.6Z',
  D: 'M5 0 9 5 5 10 1 5Z',
  S: 'M5 0C5.8 1 10 3.9 10 6.5 10 8 8.9 9 7.5 9 6.6 9 5.9 8.5 5.5 7.9L6.3 10H3.7L4.5 7.9C4.1 8.5 3.4 9 2.5 9 1.1 9 0 8 0 6.5 0 3.9 4.2 1 5 0Z',
  C: 'M5 0A2.4 2.4 0 0 1 7.2 3.4 2.4 2.4 0 1 1 6 7.6L6.6 10H3.4L4 7.6A2.4 2.4 0 1 1 2.8 3.4 2.4 2.4 0 0 1 5 0Z',
};

export function SuitPip({ suit, x, y, size, flip = false }: { suit: Suit; x: number; y: number; size: number; flip?: boolean }) {
  const s = size / 10;
  const transform = flip
    ? `translate(${x + size / 2} ${y + size / 2}) rotate(180) translate(${-size / 2} ${-size / 2}) scale(${s})`
    : `translate(${x} ${y}) scale(${s})`;
  return <path d={PIPS[suit]} transform={transform} />;
}

// pip layouts (x, y in a 60x84 card; flip for the lower half)
const LAYOUT: Record<string, [number, number][]> = {
  '2': [[30, 20], [30, 64]],
  '3': [[30, 20], [30, 42], [30, 64]],
  '4': [[20, 20], [40, 20], [20, 64], [40, 64]],
  '5': [[20, 20], [40, 20], [30, 42], [20, 64], [40, 64]],
  '6': [[20, 20], [40, 20], [20, 42], [40, 42], [20, 64], [40, 64]],
  '7': [[20, 20], [40, 20], [30, 31], [20, 42], [40, 42], [20, 64], [40, 64]],
  '8': [[20, 20], [40, 20], [30, 31], [20, 42], [40, 42], [30, 53], [20, 64], [40, 64]],
  '9': [[20, 18], [40, 18], [20, 34], [40, 34], [30, 42], [20, 50], [40, 50], [20, 66], [40, 66]],
  T: [[20, 18], [40, 18], [30, 26], [20, 34], [40, 34], [20, 50], [40, 50], [30, 58], [20, 66], [40, 66]],
};

export function CardFace({ card, title }: { card: string | null; title?: string }) {
  const parsed = card ? parseCard(card) : null;
  if (!parsed) {
    return (
      <svg class="card-svg back" viewBox="0 0 60 84" role="img" aria-label={title} aria-hidden={title ? undefined : 'true'}>
        <rect x="0.75" y="0.75" width="58.5" height="82.5" rx="5" class="card-back" />
        <rect x="5" y="5" width="50" height="74" rx="3" class="card-back-inner" />
        <path d="M30 18 42 42 30 66 18 42Z" class="card-back-mark" />
      </svg>
    );
  }
  const { rank, suit } = parsed;
  const label = rankLabel(rank);
  const court = rank === 'J' || rank === 'Q' || rank === 'K';
  return (
    <svg class={`card-svg suit-${suit}`} viewBox="0 0 60 84" role="img" aria-label={title} aria-hidden={title ? undefined : 'true'}>
      <rect x="0.75" y="0.75" width="58.5" height="82.5" rx="5" class="card-bg" />
      <g class="ink">
        <text x="6" y="15" class="card-index" text-anchor="middle" transform={label.length > 1 ? 'translate(1 0) scale(0.85 1)' : undefined}>{label}</text>
        <SuitPip suit={suit} x={2} y={18} size={8} />
        <g transform="rotate(180 30 42)">
          <text x="6" y="15" class="card-index" text-anchor="middle" transform={label.length > 1 ? 'translate(1 0) scale(0.85 1)' : undefined}>{label}</text>
          <SuitPip suit={suit} x={2} y={18} size={8} />
        </g>
        {rank === 'A' && <SuitPip suit={suit} x={18} y={30} size={24} />}
        {court && (
          <>
            <rect x="13" y="12" width="34" height="60" rx="3" class="court-frame" />
            <text x="30" y="50" class="court-letter" text-anchor="middle">{rank}</text>
            <SuitPip suit={suit} x={24} y={17} size={12} />
            <SuitPip suit={suit} x={24} y={55} size={12} flip />
          </>
        )}
        {LAYOUT[rank]?.map(([x, y]) => (
          <SuitPip suit={suit} x={x - 5.5} y={y - 5.5} size={11} flip={y > 42} />
        ))}
      </g>
    </svg>
  );
}
