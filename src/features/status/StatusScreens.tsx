import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { CustomerServiceButton } from './CustomerServiceButton.tsx';

function Screen({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-surface p-4 text-ink">
      <div className="w-full max-w-md rounded-2xl border border-line bg-raised p-8 text-center shadow-lg">
        <h1 className="mb-4 text-2xl font-bold">{title}</h1>
        <div className="flex flex-col items-center gap-4">{children}</div>
      </div>
    </main>
  );
}

export function MaintenanceScreen({ end, onCheck }: { end: string | null; onCheck: () => void }) {
  const { i18n } = useLingui();
  const until = end ? i18n.date(end, { dateStyle: 'medium', timeStyle: 'short' }) : null;
  return (
    <Screen title={<Trans>System maintenance</Trans>}>
      <p className="text-muted">
        <Trans>We are improving the site and will be back shortly.</Trans>
      </p>
      {until && (
        <p>
          <Trans>
            Maintenance ends: <strong>{until}</strong>
          </Trans>
        </p>
      )}
      <CustomerServiceButton />
      <button type="button" onClick={onCheck} className="text-sm underline">
        <Trans>Check again</Trans>
      </button>
    </Screen>
  );
}

export function RestrictedScreen({
  ip,
  country,
  onCheck,
}: {
  ip: string;
  country: string;
  onCheck: () => void;
}) {
  return (
    <Screen title={<Trans>Access restricted</Trans>}>
      <p className="text-muted">
        <Trans>Access is restricted due to your IP or location.</Trans>
      </p>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-left">
        <dt className="text-muted">
          <Trans>IP address</Trans>
        </dt>
        <dd className="font-mono">{ip}</dd>
        <dt className="text-muted">
          <Trans>Country</Trans>
        </dt>
        <dd>{country}</dd>
      </dl>
      <CustomerServiceButton />
      <button type="button" onClick={onCheck} className="text-sm underline">
        <Trans>Check again</Trans>
      </button>
    </Screen>
  );
}

export function FailedScreen({
  message,
  onRetry,
}: {
  message: 'invalidDomain' | 'network';
  onRetry: () => void;
}) {
  return (
    <Screen title={<Trans>Something went wrong</Trans>}>
      <p role="alert">
        {message === 'invalidDomain' ? (
          <Trans>Invalid URL or domain, please contact customer service.</Trans>
        ) : (
          <Trans>Network abnormal, please try again.</Trans>
        )}
      </p>
      <button
        type="button"
        onClick={onRetry}
        className="rounded-full bg-brand px-6 py-3 font-semibold text-white"
      >
        <Trans>Try again</Trans>
      </button>
    </Screen>
  );
}
