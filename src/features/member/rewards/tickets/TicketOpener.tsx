import { Trans, useLingui } from '@lingui/react/macro';
import { EGG_COUNT, type RewardTicket } from '../../../../../contract/rewards.ts';
import { Modal } from '../../../../ui/Modal.tsx';
import { CallError, secondaryButton } from '../../../../ui/records/form.tsx';
import { useOpenTicket } from '../queries.ts';
import { PrizeReveal } from './PrizeReveal.tsx';
import { PrizeWheelOpener } from './PrizeWheel.tsx';
import { TicketArt } from './TicketArt.tsx';
import { useTicketWords } from './ticketWords.ts';

type Opening = ReturnType<typeof useOpenTicket>;

/** Tap the envelope: the server draws the amount, the envelope shows it. */
function RedEnvelopeOpener({ ticket, opening }: { ticket: RewardTicket; opening: Opening }) {
  const result = opening.data;
  return (
    <div className="flex flex-col items-center gap-4">
      <button
        type="button"
        onClick={() => opening.mutate({ ticketId: ticket.id })}
        disabled={opening.isPending || !!result}
        className="flex flex-col items-center gap-2 rounded-2xl p-3 hover:bg-line/40 disabled:hover:bg-transparent"
      >
        <TicketArt type="RED_ENVELOPE" className={`h-32 w-32 ${result ? 'opacity-60' : ''}`} />
        <span className="font-semibold">
          {opening.isPending ? <Trans>Opening…</Trans> : <Trans>Tap to open the red envelope</Trans>}
        </span>
      </button>
      {result && <PrizeReveal amount={result.prize} />}
    </div>
  );
}

/** Three eggs: the member breaks one; the server draws its prize. */
function GoldenEggOpener({ ticket, opening }: { ticket: RewardTicket; opening: Opening }) {
  const { t } = useLingui();
  const result = opening.data;
  const chosen = opening.variables?.choice;
  return (
    <div className="flex flex-col items-center gap-4">
      <p className="text-sm text-muted">
        <Trans>Choose an egg to break.</Trans>
      </p>
      <div className="flex gap-3">
        {Array.from({ length: EGG_COUNT }, (_, i) => {
          const egg = i + 1;
          const broken = result ? result.prizeIndex === i : false;
          return (
            <button
              key={egg}
              type="button"
              aria-label={t`Break egg ${egg}`}
              aria-pressed={chosen === i}
              disabled={opening.isPending || !!result}
              onClick={() => opening.mutate({ ticketId: ticket.id, choice: i })}
              className="rounded-2xl border border-line p-2 hover:bg-line/40 aria-pressed:border-brand disabled:opacity-60 aria-pressed:disabled:opacity-100"
            >
              <TicketArt type="GOLDEN_EGG" className={`h-20 w-16 ${broken ? 'rotate-12' : ''}`} />
            </button>
          );
        })}
      </div>
      {opening.isPending && (
        <p role="status" className="text-sm">
          <Trans>Breaking the egg…</Trans>
        </p>
      )}
      {result && <PrizeReveal amount={result.prize} />}
    </div>
  );
}

/** The opening dialog of an available ticket; errors (an expired ticket …) show in it. */
export function TicketOpener({ ticket, onClose }: { ticket: RewardTicket; onClose: () => void }) {
  const { t } = useLingui();
  const { typeName } = useTicketWords();
  const opening = useOpenTicket();
  return (
    <Modal open title={typeName(ticket.type)} closeLabel={t`Close`} onClose={onClose}>
      <div className="flex flex-col gap-4">
        {ticket.type === 'RED_ENVELOPE' && <RedEnvelopeOpener ticket={ticket} opening={opening} />}
        {ticket.type === 'PRIZE_WHEEL' && <PrizeWheelOpener ticket={ticket} opening={opening} />}
        {ticket.type === 'GOLDEN_EGG' && <GoldenEggOpener ticket={ticket} opening={opening} />}
        <CallError error={opening.error} />
        {(opening.data || opening.error) && (
          <button type="button" className={`${secondaryButton} self-center`} onClick={onClose}>
            <Trans>Back to my tickets</Trans>
          </button>
        )}
      </div>
    </Modal>
  );
}
