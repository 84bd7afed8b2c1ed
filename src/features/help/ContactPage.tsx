import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { whitelabelQuery } from '../../api/queries.ts';
import { openCustomerService } from '../../domain/customerService.ts';
import { useCustomerService } from '../../session/useCustomerService.ts';
import { Icon } from '../../ui/Icon.tsx';
import { Section } from '../../ui/records/form.tsx';
import { FeedbackForm } from './FeedbackForm.tsx';

const cardClass =
  'flex min-h-11 items-center gap-3 rounded-lg border border-line bg-raised px-4 py-3 text-left hover:border-brand focus-visible:outline-2 focus-visible:outline-brand';

/** /contact (spec §1 footer "Contact us"): customer service, the support channels, and feedback. */
export function ContactPage() {
  const { t } = useLingui();
  const info = useQuery(whitelabelQuery());
  const cs = useCustomerService();
  const social = info.data?.social;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-5">
      <h1 className="text-2xl font-bold">
        <Trans>Contact us</Trans>
      </h1>
      <ul aria-label={t`Support channels`} className="grid gap-3 sm:grid-cols-3">
        <li>
          <button
            type="button"
            className={`${cardClass} w-full disabled:opacity-50`}
            disabled={!cs}
            onClick={() => cs && openCustomerService(cs)}
          >
            <Icon name="chat" />
            <span>
              <span className="block font-semibold">
                <Trans>Customer service</Trans>
              </span>
              <span className="text-sm text-muted">
                <Trans>Live chat, around the clock</Trans>
              </span>
            </span>
          </button>
        </li>
        {social && (
          <>
            <li>
              <a className={cardClass} href={social.facebook} target="_blank" rel="noreferrer">
                <Icon name="facebook" />
                <span className="font-semibold">{t`Facebook support`}</span>
              </a>
            </li>
            <li>
              <a className={cardClass} href={social.telegram} target="_blank" rel="noreferrer">
                <Icon name="telegram" />
                <span className="font-semibold">{t`Telegram support`}</span>
              </a>
            </li>
          </>
        )}
      </ul>
      <p className="text-sm text-muted">
        <Trans>
          Answers to common questions are in the{' '}
          <Link to="/helpmc" className="text-brand-ink underline">
            help center
          </Link>
          .
        </Trans>
      </p>
      <Section title={<Trans>Feedback</Trans>}>
        <FeedbackForm />
      </Section>
    </div>
  );
}
