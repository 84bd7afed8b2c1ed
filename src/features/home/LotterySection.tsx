import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { VendorLane } from '../../../contract/games.ts';
import { isLotteryType, lotteryEntry } from '../../domain/lotteryLinks.ts';
import { GAME_TYPE_LABEL } from '../../i18n/labels.ts';
import { StartLotteryLink, useStartLottery } from '../../session/StartLotteryLink.tsx';
import { useImageUrl } from '../../ui/imageUrl.ts';

const tileClass =
  'flex h-full flex-col items-center gap-2 rounded-xl border border-line bg-raised p-3 hover:border-brand';

/**
 * The home page's lottery row: the lottery and e-lottery vendors as tiles, each opening the lottery centre on its
 * category (spec §2 path map: lottery → /lotteryCenter) or, for TCG_SEA, starting its game (a visitor logs in
 * first); More opens the centre. Nothing when the merchant sells no lottery.
 */
export function LotterySection({ lanes }: { lanes: VendorLane[] }) {
  const imageUrl = useImageUrl();
  const { i18n, t } = useLingui();
  const gate = useStartLottery();
  const cards = lanes.flatMap((lane) =>
    isLotteryType(lane.title)
      ? lane.cards.map((card) => ({ card, gameType: lane.title as 'LOTT' | 'ELOTT' }))
      : [],
  );
  if (cards.length === 0) return null;
  const title = i18n._(GAME_TYPE_LABEL.LOTT);
  // More opens the daily lotteries when the merchant sells them, else the e-lotteries.
  const more = lotteryEntry(cards.some((c) => c.gameType === 'LOTT') ? 'LOTT' : 'ELOTT');
  return (
    <section aria-labelledby="home-lottery" className="flex flex-col gap-3">
      <div className="flex items-center justify-between">
        <h2 id="home-lottery" className="text-xl font-bold">
          {title}
        </h2>
        <Link
          to={more.to}
          search={more.search}
          aria-label={t`More ${title}`}
          className="text-sm font-semibold text-accent-ink"
        >
          <Trans>More</Trans>
        </Link>
      </div>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {cards.map(({ card, gameType }) => {
          const entry = lotteryEntry(gameType, card.vassalage);
          const content = (
            <>
              <img
                src={imageUrl(card.logoUrl)}
                alt=""
                className="h-12 w-28"
                loading="lazy"
                decoding="async"
              />
              <span className="text-sm font-medium">{card.displayName}</span>
              <span className="text-xs text-muted">{i18n._(GAME_TYPE_LABEL[gameType])}</span>
            </>
          );
          return (
            <li key={`${gameType}:${card.vassalage}`}>
              {entry.kind === 'start' ? (
                <StartLotteryLink start={entry} gate={gate} className={tileClass}>
                  {content}
                </StartLotteryLink>
              ) : (
                <Link to={entry.to} search={entry.search} className={tileClass}>
                  {content}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
