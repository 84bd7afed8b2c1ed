import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { whitelabelQuery } from '../api/queries.ts';
import { CopyButton } from './CopyButton.tsx';
import { QrCode } from './QrCode.tsx';
import { secondaryButton } from './records/form.tsx';

/**
 * A code that brings people in (a member's referral code, an agent's invitation code): the code and the link a
 * newcomer opens, each with a copy button, and the link's QR code; `children` (the terms) go under the link.
 */
export function Invitation({
  code,
  codeTitle,
  copyCodeLabel,
  link,
  children,
}: {
  code: string;
  codeTitle: ReactNode;
  copyCodeLabel: string;
  link: string;
  children?: ReactNode;
}) {
  const { t } = useLingui();
  const site = useQuery(whitelabelQuery());
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <div>
          <p className="text-xs text-muted">{codeTitle}</p>
          <div className="flex items-center gap-2">
            <output className="font-mono text-2xl font-bold tracking-widest">{code}</output>
            <CopyButton value={code} label={copyCodeLabel} className={secondaryButton} />
          </div>
        </div>
        <div>
          <p className="text-xs text-muted">
            <Trans>Your invitation link</Trans>
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <a href={link} className="min-w-0 break-all text-sm text-brand-ink underline">
              {link}
            </a>
            <CopyButton value={link} label={t`Copy invitation link`} className={secondaryButton} />
          </div>
        </div>
        {children}
      </div>
      <div className="self-center rounded-xl bg-white p-2 sm:self-start">
        <QrCode
          value={link}
          label={t`QR code of your invitation link`}
          iconUrl={site.data?.brand.iconUrl}
          size={160}
          margin={8}
        />
      </div>
    </div>
  );
}
