import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { RewardTicket, TicketStatus } from '../../../../contract/rewards.ts';
import { formatDateTime, formatRelative } from '../../../i18n/format.ts';
import { Pagination } from '../../../ui/Pagination.tsx';
import { LoadError, secondaryButton } from '../../../ui/records/form.tsx';
import { useMoney } from '../../../ui/records/useMoney.ts';
import { Skeleton } from '../../../ui/Skeleton.tsx';
import { rewardTicketsQuery } from './queries.ts';
import { TicketArt } from './tickets/TicketArt.tsx';
import { TicketOpener } from './tickets/TicketOpener.tsx';
import { useTicketWords } from './tickets/ticketWords.ts';

const STATES: TicketStatus[] = ['AVAILABLE', 'OPENED', 'EXPIRED'];
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "in 3 days", "in 5 hours": the largest whole unit left (at least a minute). */
function timeLeft(until: string, locale: string): string {
  const left = Math.max(Date.parse(until) - Date.now(), 60_000);
  const [unit, ms] = UNITS.find(([, size]) => left >= size) ?? UNITS[2]!;
  return formatRelative(Math.floor(left / ms), unit, locale);
}

function TicketCard({ ticket, onOpen }: { ticket: RewardTicket; onOpen: () => void }) {
  const { t, i18n } = useLingui();
  const money = useMoney();
  const { typeName, stateName } = useTicketWords();
  const lineId = useId();
  const name = typeName(ticket.type);
  const date = (iso: string) => formatDateTime(iso, i18n.locale);
  const expires = date(ticket.expiresAt);
  const left = timeLeft(ticket.expiresAt, i18n.locale);
  return (
    <li className="flex items-center gap-3 rounded-xl border border-line bg-raised p-3">
      <TicketArt
        type={ticket.type}
        className={`h-12 w-12 ${ticket.status === 'EXPIRED' ? 'grayscale' : ''}`}
      />
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <p className="font-semibold">
          {name} <span className="sr-only">({stateName(ticket.status)})</span>
        </p>
        <p id={lineId} className="text-xs text-muted">
          {ticket.status === 'AVAILABLE' && (
            <Trans>
              Expires {left} (<time dateTime={ticket.expiresAt}>{expires}</time>)
            </Trans>
          )}
          {ticket.status === 'EXPIRED' && (
            <Trans>
              Expired on <time dateTime={ticket.expiresAt}>{expires}</time>
            </Trans>
          )}
          {ticket.status === 'OPENED' && ticket.openedAt && (
            <Trans>
              Opened on <time dateTime={ticket.openedAt}>{date(ticket.openedAt)}</time>
            </Trans>
          )}
        </p>
      </div>
      {ticket.status === 'AVAILABLE' && (
        <button
          type="button"
          className={secondaryButton}
          aria-label={t`Open ${name}`}
          aria-describedby={lineId}
          onClick={onOpen}
        >
          <Trans>Open</Trans>
        </button>
      )}
      {ticket.status === 'OPENED' && ticket.prize !== null && (
        <span className="font-semibold tabular-nums text-success">+{money.format(ticket.prize)}</span>
      )}
      {ticket.status === 'EXPIRED' && (
        <span className="rounded-full bg-line/60 px-2 py-0.5 text-xs text-muted">{stateName('EXPIRED')}</span>
      )}
    </li>
  );
}

/** rewardCenter (spec §3): the member's red envelopes, prize wheels and golden eggs by state; opening pays the prize. */
export function RewardCenter() {
  const { t } = useLingui();
  const { stateName } = useTicketWords();
  const [status, setStatus] = useState<TicketStatus>('AVAILABLE');
  const [pageNo, setPageNo] = useState(1);
  const [opening, setOpening] = useState<RewardTicket | null>(null);
  const tickets = useQuery(rewardTicketsQuery(status, pageNo));
  const counts = tickets.data?.counts;
  const empty: Record<TicketStatus, string> = {
    AVAILABLE: t`No tickets to open. Deposits and missions bring new ones.`,
    OPENED: t`You have not opened a ticket yet.`,
    EXPIRED: t`No expired tickets.`,
  };
  return (
    <div className="flex flex-col gap-4">
      <fieldset className="flex flex-wrap gap-1.5">
        <legend className="sr-only">
          <Trans>Ticket state</Trans>
        </legend>
        {STATES.map((s) => (
          <button
            key={s}
            type="button"
            aria-pressed={status === s}
            onClick={() => {
              setStatus(s);
              setPageNo(1);
            }}
            className={`rounded-full border px-3 py-1.5 text-sm ${
              status === s ? 'border-brand bg-brand font-semibold text-white' : 'border-line hover:bg-line/40'
            }`}
          >
            {stateName(s)}
            {counts && ` (${counts[s]})`}
          </button>
        ))}
      </fieldset>
      {tickets.isError ? (
        <LoadError error={tickets.error} onRetry={() => void tickets.refetch()} />
      ) : !tickets.data ? (
        <Skeleton className="h-40 w-full" />
      ) : tickets.data.list.length === 0 ? (
        <p className="rounded-lg border border-dashed border-line p-6 text-center text-sm text-muted">
          {empty[status]}
        </p>
      ) : (
        <ul aria-label={t`${stateName(status)} tickets`} className="grid gap-2 sm:grid-cols-2">
          {tickets.data.list.map((ticket) => (
            <TicketCard key={ticket.id} ticket={ticket} onOpen={() => setOpening(ticket)} />
          ))}
        </ul>
      )}
      {tickets.data && (
        <Pagination
          page={pageNo}
          totalPages={tickets.data.totalPages}
          onChange={setPageNo}
          label={t`Ticket pages`}
        />
      )}
      {opening && <TicketOpener ticket={opening} onClose={() => setOpening(null)} />}
    </div>
  );
}
