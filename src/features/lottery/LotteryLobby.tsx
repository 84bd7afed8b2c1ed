import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { Vendor } from '../../../contract/games.ts';
import { vendorLanesQuery } from '../../api/queries.ts';
import { lotteryEntry } from '../../domain/lotteryLinks.ts';
import { GAME_TYPE_LABEL } from '../../i18n/labels.ts';
import { type StartGate, StartLotteryLink, useStartLottery } from '../../session/StartLotteryLink.tsx';
import { useImageUrl } from '../../ui/imageUrl.ts';
import { Skeleton } from '../../ui/Skeleton.tsx';

const tileClass =
  'flex h-full flex-col items-center gap-2 rounded-xl border border-line bg-raised p-4 text-sm hover:border-brand aria-[current=true]:border-accent aria-[current=true]:bg-accent/10';

/**
 * The lottery lobbies /lott and /elott (spec §2: lottery lobbies show vendor tiles, not games). A tile opens the
 * lottery centre on its category (a vendor with a tab of its own, such as the Keno vendor, on that tab); a TCG_SEA
 * tile starts its game, a visitor logging in first. `vendor` is the URL's vendor: its tile is marked.
 */
export function LotteryLobby({ gameType, vendor }: { gameType: 'LOTT' | 'ELOTT'; vendor?: string }) {
  const { i18n, t } = useLingui();
  const lanes = useQuery(vendorLanesQuery());
  const lane = lanes.data?.find((l) => l.title === gameType);
  const title = i18n._(GAME_TYPE_LABEL[gameType]);
  const centre = lotteryEntry(gameType);
  const gate = useStartLottery();
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{title}</h1>
        <Link
          to={centre.to}
          search={centre.search}
          className="rounded-full bg-brand px-5 py-2 text-sm font-semibold text-white"
        >
          <Trans>Open the lottery centre</Trans>
        </Link>
      </div>
      {!lanes.data ? (
        <Skeleton className="h-32 w-full" />
      ) : !lane || lane.cards.length === 0 ? (
        <p className="rounded-xl border border-line bg-raised p-6 text-center text-muted">
          <Trans>No providers offer {title} here yet.</Trans>
        </p>
      ) : (
        <nav aria-label={t`Providers`}>
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {lane.cards.map((v) => (
              <li key={v.vassalage}>
                <VendorTile gameType={gameType} vendor={v} current={v.vassalage === vendor} gate={gate} />
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  );
}

function VendorTile({
  gameType,
  vendor,
  current,
  gate,
}: {
  gameType: 'LOTT' | 'ELOTT';
  vendor: Vendor;
  current: boolean;
  gate: StartGate;
}) {
  const imageUrl = useImageUrl();
  const entry = lotteryEntry(gameType, vendor.vassalage);
  const content = (
    <>
      <img src={imageUrl(vendor.logoUrl)} alt="" className="h-16 w-40" loading="lazy" decoding="async" />
      <span className="font-semibold">{vendor.displayName}</span>
      <span className="text-xs text-muted">
        {entry.kind === 'start' ? <Trans>Play now</Trans> : <Trans>See the lotteries</Trans>}
      </span>
    </>
  );
  const aria = current ? ('true' as const) : undefined;
  return entry.kind === 'start' ? (
    <StartLotteryLink start={entry} gate={gate} className={tileClass} aria-current={aria}>
      {content}
    </StartLotteryLink>
  ) : (
    <Link to={entry.to} search={entry.search} className={tileClass} aria-current={aria}>
      {content}
    </Link>
  );
}
