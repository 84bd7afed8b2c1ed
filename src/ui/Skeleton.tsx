/**
 * A placeholder block shown while content loads (tests find it by `data-skeleton`). It does not pulse: with dozens
 * on a loading page, the pulsing repainted every frame and was most of a phone's main-thread work (npm run bench,
 * Lighthouse mobile on /: total blocking time 6.4 s with the pulse, 0.4 s without).
 */
export function Skeleton({ className = '' }: { className?: string }) {
  return <div aria-hidden="true" data-skeleton="" className={`rounded-lg bg-line/70 ${className}`} />;
}
