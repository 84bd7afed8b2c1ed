import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { RewardTicket } from '../../../../../contract/rewards.ts';
import { LoadError, primaryButton } from '../../../../ui/records/form.tsx';
import { useMoney } from '../../../../ui/records/useMoney.ts';
import { Skeleton } from '../../../../ui/Skeleton.tsx';
import { rewardPrizesQuery, type useOpenTicket } from '../queries.ts';
import { PrizeReveal } from './PrizeReveal.tsx';
import { reducedMotion } from './ticketWords.ts';

const SPIN_MS = 4_000;
/** Whole turns before the wheel settles, so the result is not visible from the first moment. */
const TURNS = 5;
const RADIUS = 100;

/** Angle (degrees, clockwise from the top) of the middle of segment `i` of `n`. */
const middle = (i: number, n: number) => (360 / n) * i;
const point = (deg: number, r: number) => {
  const a = (deg * Math.PI) / 180;
  return `${(r * Math.sin(a)).toFixed(2)} ${(-r * Math.cos(a)).toFixed(2)}`;
};

/** The wheel of the prize table: segment 0 starts under the pointer, the others clockwise. */
function Wheel({
  segments,
  rotation,
  spinning,
}: {
  segments: number[];
  rotation: number;
  spinning: boolean;
}) {
  const { t } = useLingui();
  const money = useMoney();
  const n = segments.length;
  const half = 180 / n;
  const list = segments.map((s) => money.format(s)).join(', ');
  return (
    <svg
      viewBox="-110 -118 220 228"
      role="img"
      aria-label={t`Prize wheel with ${list}`}
      className="mx-auto w-64"
    >
      <g
        style={{
          transform: `rotate(${rotation}deg)`,
          transformBox: 'view-box',
          transformOrigin: '0 0',
          transition: spinning ? `transform ${SPIN_MS}ms cubic-bezier(0.15, 0.85, 0.25, 1)` : 'none',
        }}
      >
        {segments.map((amount, i) => {
          const c = middle(i, n);
          return (
            <g key={i}>
              <path
                d={`M0 0 L${point(c - half, RADIUS)} A${RADIUS} ${RADIUS} 0 0 1 ${point(c + half, RADIUS)} Z`}
                fill={i % 2 === 0 ? 'var(--brand-primary)' : 'var(--brand-accent)'}
                stroke="#fff"
                strokeWidth="1.5"
              />
              <text
                transform={`rotate(${c}) translate(0 -66)`}
                textAnchor="middle"
                dominantBaseline="middle"
                fontSize="11"
                fontWeight="700"
                fill={i % 2 === 0 ? '#fff' : '#17142a'}
              >
                {money.format(amount)}
              </text>
            </g>
          );
        })}
        <circle r="12" fill="#fff" stroke="var(--brand-primary)" strokeWidth="3" />
      </g>
      <path d="M-9 -116 L9 -116 L0 -96 Z" fill="#d62828" stroke="#fff" strokeWidth="1.5" />
    </svg>
  );
}

/** Spin: the server draws the segment; the wheel turns to it (or just shows it, for reduced motion). */
export function PrizeWheelOpener({
  ticket,
  opening,
}: {
  ticket: RewardTicket;
  opening: ReturnType<typeof useOpenTicket>;
}) {
  const prizes = useQuery(rewardPrizesQuery());
  const [rotation, setRotation] = useState(0);
  const [spinning, setSpinning] = useState(false);
  useEffect(() => {
    if (!spinning) return;
    const timer = setTimeout(() => setSpinning(false), SPIN_MS);
    return () => clearTimeout(timer);
  }, [spinning]);
  if (prizes.isError) return <LoadError error={prizes.error} onRetry={() => void prizes.refetch()} />;
  if (!prizes.data) return <Skeleton className="mx-auto h-64 w-64 rounded-full" />;
  const { segments } = prizes.data.PRIZE_WHEEL;
  const result = opening.data;
  const spin = () =>
    opening.mutate(
      { ticketId: ticket.id },
      {
        onSuccess: ({ prizeIndex }) => {
          // Turn so the drawn segment's middle stops under the pointer at the top.
          const settle = (360 - middle((prizeIndex ?? 0) % segments.length, segments.length)) % 360;
          if (reducedMotion()) return setRotation(settle);
          setSpinning(true);
          setRotation(TURNS * 360 + settle);
        },
      },
    );
  return (
    <div className="flex flex-col items-center gap-4">
      <Wheel segments={segments} rotation={rotation} spinning={spinning} />
      {result && !spinning ? (
        <PrizeReveal amount={result.prize} />
      ) : (
        <button
          type="button"
          className={primaryButton}
          onClick={spin}
          disabled={opening.isPending || spinning || !!result}
        >
          {opening.isPending || spinning ? <Trans>Spinning…</Trans> : <Trans>Spin the wheel</Trans>}
        </button>
      )}
    </div>
  );
}
