import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDate, formatPercent } from '../../../i18n/format.ts';
import { Invitation } from '../../../ui/Invitation.tsx';
import { Pagination } from '../../../ui/Pagination.tsx';
import { LoadError, RecordTable, Section, Total } from '../../../ui/records/form.tsx';
import { useMoney } from '../../../ui/records/useMoney.ts';
import { Skeleton } from '../../../ui/Skeleton.tsx';
import { referralFriendsQuery, referralInfoQuery } from './queries.ts';

/** The registration link a friend opens: the code rides along to the register form. */
export const referralLink = (origin: string, code: string) =>
  `${origin}/register?referralCode=${encodeURIComponent(code)}`;

/** referral (Referral code): the member's code, link and QR, the programme's terms, and the friends it brought. */
export function Referral() {
  const { t } = useLingui();
  const money = useMoney();
  const info = useQuery(referralInfoQuery());
  if (info.isError) return <LoadError error={info.error} onRetry={() => void info.refetch()} />;
  if (!info.data) return <Skeleton className="h-72 w-full" />;
  const { referralCode, terms } = info.data;
  const link = referralLink(window.location.origin, referralCode);
  const rate = formatPercent(terms.rateBp / 100, money.locale);
  const cap = money.format(terms.maxBonus);
  const minimum = money.format(terms.minDeposit);
  return (
    <div className="flex flex-col gap-4">
      <Section title={<Trans>Invite friends</Trans>}>
        <Invitation
          code={referralCode}
          codeTitle={<Trans>Your referral code</Trans>}
          copyCodeLabel={t`Copy referral code`}
          link={link}
        >
          <p className="text-sm text-muted">
            <Trans>
              When a friend registers with your code and makes a first deposit of at least {minimum}, you
              receive {rate} of it, up to {cap}.
            </Trans>
          </p>
        </Invitation>
      </Section>
      <dl className="grid grid-cols-1 gap-2 sm:grid-cols-3">
        <Total label={<Trans>Friends invited</Trans>} value={String(info.data.invited)} />
        <Total label={<Trans>Friends who deposited</Trans>} value={String(info.data.deposited)} />
        <Total label={<Trans>Referral bonus received</Trans>} value={money.format(info.data.bonusTotal)} />
      </dl>
      <Friends />
    </div>
  );
}

function Friends() {
  const { t, i18n } = useLingui();
  const money = useMoney();
  const [pageNo, setPageNo] = useState(1);
  const friends = useQuery(referralFriendsQuery(pageNo));
  const day = (iso: string) => formatDate(iso, i18n.locale);
  return (
    <Section title={<Trans>Your friends</Trans>}>
      <RecordTable
        query={friends}
        caption={<Trans>Friends who registered with your code</Trans>}
        empty={<Trans>No friend has registered with your code yet.</Trans>}
        minWidth="28rem"
        columns={[
          { head: <Trans>Account</Trans> },
          { head: <Trans>Registered</Trans> },
          { head: <Trans>First deposit</Trans> },
          { head: <Trans>Bonus</Trans>, end: true },
        ]}
        row={(f) => (
          <tr key={`${f.account}-${f.registeredAt}`} className="border-b border-line/60">
            <td className="py-2 pr-2 font-mono">{f.account}</td>
            <td className="py-2 pr-2">
              <time dateTime={f.registeredAt}>{day(f.registeredAt)}</time>
            </td>
            <td className="py-2 pr-2">
              {f.firstDepositAt ? (
                <time dateTime={f.firstDepositAt}>{day(f.firstDepositAt)}</time>
              ) : (
                t`Not yet`
              )}
            </td>
            <td className="py-2 text-right tabular-nums">{f.bonus === null ? '—' : money.format(f.bonus)}</td>
          </tr>
        )}
      />
      {friends.data && (
        <Pagination
          page={pageNo}
          totalPages={friends.data.totalPages}
          onChange={setPageNo}
          label={t`Friend pages`}
        />
      )}
    </Section>
  );
}
