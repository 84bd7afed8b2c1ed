import { useLingui } from '@lingui/react/macro';
import type { Card } from '../../../contract/inhouse.ts';

const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
/** Suits drawn as paths (the suit characters are emoji on some devices): spades, hearts, diamonds, clubs. */
const SUIT_PATHS = [
  'M12 2C9 7 3 10 3 15a4.5 4.5 0 0 0 8 2.8L10 22h4l-1-4.2A4.5 4.5 0 0 0 21 15c0-5-6-8-9-13z',
  'M12 21C8 17 2 13 2 8a5 5 0 0 1 10-1 5 5 0 0 1 10 1c0 5-6 9-10 13z',
  'M12 2 20 12 12 22 4 12z',
  'M12 2a4.5 4.5 0 0 0-3.6 7.2A4.5 4.5 0 1 0 11 16.5L10 22h4l-1-5.5a4.5 4.5 0 1 0 2.6-7.3A4.5 4.5 0 0 0 12 2z',
];
const RED = [false, true, true, false];

/** A playing card, face up; its name (rank and suit, translated) is what assistive technology reads. */
export function PlayingCard({ card, size = 'large' }: { card: Card; size?: 'large' | 'small' }) {
  const { t } = useLingui();
  const suits = [t`spades`, t`hearts`, t`diamonds`, t`clubs`];
  const names = [t`Ace`, '2', '3', '4', '5', '6', '7', '8', '9', '10', t`Jack`, t`Queen`, t`King`];
  const rank = names[card.rank - 1]!;
  const suit = suits[card.suit]!;
  const colour = RED[card.suit] ? 'text-red-600' : 'text-slate-900';
  const box = size === 'large' ? 'h-36 w-24 text-4xl' : 'h-14 w-10 text-base';
  return (
    <div
      role="img"
      aria-label={t`Card: ${rank}, ${suit}`}
      className={`flex shrink-0 flex-col items-center justify-center gap-1 rounded-xl border-2 border-slate-300 bg-white font-black shadow ${box} ${colour}`}
    >
      <span aria-hidden="true">{RANKS[card.rank - 1]}</span>
      <svg viewBox="0 0 24 24" aria-hidden="true" className={size === 'large' ? 'h-10 w-10' : 'h-4 w-4'}>
        <path d={SUIT_PATHS[card.suit]} fill="currentColor" />
      </svg>
    </div>
  );
}
