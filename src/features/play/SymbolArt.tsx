import type { ReactNode } from 'react';
import type { SlotSymbol } from '../../../contract/inhouse.ts';

/**
 * The reel symbols, drawn: no emoji (a device without an emoji font shows empty boxes). Decorative: the cell around
 * a picture carries the symbol's translated name.
 */

const letter = (text: string, fill: string) => (
  <>
    <rect x="7" y="5" width="34" height="38" rx="6" fill="#fdf6e3" stroke={fill} strokeWidth="2.5" />
    <text
      x="24"
      y="34"
      textAnchor="middle"
      fontFamily="Georgia, 'Times New Roman', serif"
      fontSize="26"
      fontWeight="700"
      fill={fill}
    >
      {text}
    </text>
  </>
);

const ART: Record<SlotSymbol, ReactNode> = {
  WILD: (
    <>
      <polygon
        points="24,3 30,17 45,18 33,28 37,43 24,35 11,43 15,28 3,18 18,17"
        fill="#f5b301"
        stroke="#a86b00"
        strokeWidth="2"
      />
      <text x="24" y="29" textAnchor="middle" fontSize="9" fontWeight="800" fill="#5a3400">
        WILD
      </text>
    </>
  ),
  SCATTER: (
    <>
      <polygon points="24,5 40,18 24,44 8,18" fill="#38bdf8" stroke="#0369a1" strokeWidth="2" />
      <polygon points="8,18 40,18 24,44" fill="#0ea5e9" />
      <polygon points="16,18 24,5 32,18" fill="#bae6fd" />
    </>
  ),
  SEVEN: (
    <polygon
      points="11,8 38,8 38,15 25,42 16,42 29,15 11,15"
      fill="#dc2626"
      stroke="#7f1d1d"
      strokeWidth="2"
      strokeLinejoin="round"
    />
  ),
  BELL: (
    <>
      <path
        d="M24 7c-8 0-12 7-12 15v8l-5 6h34l-5-6v-8c0-8-4-15-12-15z"
        fill="#facc15"
        stroke="#a16207"
        strokeWidth="2"
      />
      <circle cx="24" cy="39" r="4" fill="#a16207" />
      <circle cx="24" cy="6" r="2.5" fill="#a16207" />
    </>
  ),
  MELON: (
    <>
      <path d="M4 18h40a20 20 0 0 1-40 0z" fill="#16a34a" />
      <path d="M8 18h32a16 16 0 0 1-32 0z" fill="#ef4444" />
      {[14, 20, 26, 32].map((x, i) => (
        <ellipse key={x} cx={x + 1} cy={i % 2 ? 26 : 23} rx="1.3" ry="2" fill="#1f2937" />
      ))}
    </>
  ),
  GRAPES: (
    <>
      <path d="M24 10c2-5 7-7 11-5-2 4-6 6-11 5z" fill="#16a34a" />
      {[
        [17, 16],
        [24, 16],
        [31, 16],
        [20, 23],
        [28, 23],
        [17, 30],
        [24, 30],
        [31, 30],
        [20, 37],
        [28, 37],
        [24, 43],
      ].map(([cx, cy]) => (
        <circle key={`${cx}-${cy}`} cx={cx} cy={cy} r="4.5" fill="#7c3aed" stroke="#4c1d95" />
      ))}
    </>
  ),
  ORANGE: (
    <>
      <circle cx="24" cy="27" r="16" fill="#f97316" stroke="#c2410c" strokeWidth="2" />
      <path d="M24 11c3-6 9-7 13-5-3 5-8 6-13 5z" fill="#16a34a" />
      <circle cx="19" cy="22" r="3" fill="#fdba74" />
    </>
  ),
  LEMON: (
    <>
      <path d="M5 26c4-12 34-12 38 0-4 12-34 12-38 0z" fill="#fde047" stroke="#ca8a04" strokeWidth="2" />
      <ellipse cx="18" cy="23" rx="5" ry="2.5" fill="#fef9c3" />
    </>
  ),
  CHERRY: (
    <>
      <path
        d="M15 31C17 20 22 12 32 6M33 31c-1-10-1-18-1-25"
        stroke="#15803d"
        strokeWidth="2.5"
        fill="none"
      />
      <circle cx="14" cy="34" r="9" fill="#dc2626" stroke="#7f1d1d" strokeWidth="1.5" />
      <circle cx="33" cy="35" r="9" fill="#dc2626" stroke="#7f1d1d" strokeWidth="1.5" />
      <circle cx="11" cy="31" r="2" fill="#fecaca" />
      <circle cx="30" cy="32" r="2" fill="#fecaca" />
    </>
  ),
  WOLF: (
    <>
      <polygon
        points="8,6 18,17 30,17 40,6 40,26 24,44 8,26"
        fill="#64748b"
        stroke="#1e293b"
        strokeWidth="2"
      />
      <polygon points="17,33 24,44 31,33 24,36" fill="#e2e8f0" />
      <circle cx="17" cy="24" r="2.5" fill="#facc15" />
      <circle cx="31" cy="24" r="2.5" fill="#facc15" />
      <circle cx="24" cy="38" r="2" fill="#0f172a" />
    </>
  ),
  MOON: (
    <>
      <path d="M30 5a19 19 0 1 0 13 31A16 16 0 0 1 30 5z" fill="#fde68a" stroke="#b45309" strokeWidth="2" />
      <circle cx="17" cy="22" r="2.5" fill="#fcd34d" />
      <circle cx="22" cy="33" r="1.8" fill="#fcd34d" />
    </>
  ),
  EAGLE: (
    <>
      <path
        d="M2 16c8 0 15 4 20 10l2-6 2 6c5-6 12-10 20-10-3 10-11 17-19 18l-3 8-3-8C13 33 5 26 2 16z"
        fill="#92400e"
        stroke="#451a03"
        strokeWidth="1.5"
      />
      <circle cx="24" cy="16" r="4.5" fill="#f8fafc" stroke="#451a03" />
      <polygon points="24,18 28,20 24,22" fill="#f59e0b" />
    </>
  ),
  BEAR: (
    <>
      <circle cx="12" cy="12" r="6" fill="#78350f" />
      <circle cx="36" cy="12" r="6" fill="#78350f" />
      <circle cx="24" cy="26" r="16" fill="#92400e" stroke="#451a03" strokeWidth="2" />
      <ellipse cx="24" cy="32" rx="7" ry="5.5" fill="#d6a36b" />
      <circle cx="24" cy="30" r="2.2" fill="#1c1917" />
      <circle cx="18" cy="22" r="2" fill="#1c1917" />
      <circle cx="30" cy="22" r="2" fill="#1c1917" />
    </>
  ),
  STAG: (
    <>
      <path
        d="M17 20 10 12 6 4M10 12 4 12M12 15 6 17M31 20l7-8 4-8M38 12l6 0M36 15l6 2"
        stroke="#a16207"
        strokeWidth="2.5"
        strokeLinecap="round"
        fill="none"
      />
      <path d="M16 20h16l-3 18-5 6-5-6z" fill="#b45309" stroke="#78350f" strokeWidth="2" />
      <circle cx="20" cy="26" r="1.8" fill="#1c1917" />
      <circle cx="28" cy="26" r="1.8" fill="#1c1917" />
      <ellipse cx="24" cy="40" rx="3" ry="2" fill="#1c1917" />
    </>
  ),
  ACE: letter('A', '#b91c1c'),
  KING: letter('K', '#1d4ed8'),
  QUEEN: letter('Q', '#7e22ce'),
  JACK: letter('J', '#047857'),
};

export function SymbolArt({
  symbol,
  className = 'h-full w-full',
}: {
  symbol: SlotSymbol;
  className?: string;
}) {
  return (
    <svg viewBox="0 0 48 48" className={className} aria-hidden="true" focusable="false" data-symbol={symbol}>
      {ART[symbol]}
    </svg>
  );
}
