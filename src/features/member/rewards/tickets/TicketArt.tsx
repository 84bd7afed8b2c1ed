import type { TicketType } from '../../../../../contract/rewards.ts';

/** A ticket type's picture (decorative: the type's name is always written beside it). */
export function TicketArt({ type, className = 'h-12 w-12' }: { type: TicketType; className?: string }) {
  return (
    <svg viewBox="0 0 48 48" aria-hidden="true" className={`shrink-0 ${className}`}>
      {type === 'RED_ENVELOPE' && (
        <>
          <rect x="9" y="5" width="30" height="38" rx="4" fill="#d62828" />
          <path d="M9 14 L24 24 L39 14" fill="none" stroke="#8d1010" strokeWidth="2" />
          <circle cx="24" cy="24" r="5" fill="var(--brand-accent)" />
        </>
      )}
      {type === 'PRIZE_WHEEL' && (
        <>
          <circle cx="24" cy="24" r="20" fill="var(--brand-primary)" />
          {[0, 45, 90, 135].map((a) => (
            <line
              key={a}
              x1="24"
              y1="4"
              x2="24"
              y2="44"
              stroke="var(--brand-accent)"
              strokeWidth="2"
              transform={`rotate(${a} 24 24)`}
            />
          ))}
          <circle cx="24" cy="24" r="4" fill="#fff" />
        </>
      )}
      {type === 'GOLDEN_EGG' && (
        <>
          <ellipse cx="24" cy="26" rx="14" ry="18" fill="var(--brand-accent)" />
          <ellipse cx="19" cy="19" rx="3" ry="5" fill="#fff" opacity="0.6" />
        </>
      )}
    </svg>
  );
}
