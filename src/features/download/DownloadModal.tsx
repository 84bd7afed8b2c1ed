import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { DownloadPackage } from '../../../contract/system.ts';
import { whitelabelQuery } from '../../api/queries.ts';
import { Modal } from '../../ui/Modal.tsx';
import { QrCode } from '../../ui/QrCode.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';

/** The phone the steps are for; iOS installs the configuration profile (MOBILECONFIG), Android the package. */
const PLATFORMS = [
  { id: 'Android', package: 'Android' },
  { id: 'iOS', package: 'MOBILECONFIG' },
] as const satisfies readonly { id: string; package: DownloadPackage }[];
type Platform = (typeof PLATFORMS)[number]['id'];

/** The iPhone's steps first on an iPhone, else Android's. */
const likelyPlatform = (): Platform =>
  typeof navigator !== 'undefined' && /iPhone|iPad|iPod/.test(navigator.userAgent) ? 'iOS' : 'Android';

/**
 * The download modal (spec §2 Modals: Android or iOS steps with QR codes): a tab per phone, each with the QR code of
 * its package (spec §9: the default size 200, margin 20) and the steps that install it.
 */
export function DownloadModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const info = useQuery({ ...whitelabelQuery(), enabled: open });
  const [platform, setPlatform] = useState<Platform>(likelyPlatform);
  const brand = info.data?.brand;
  const chosen = PLATFORMS.find((p) => p.id === platform)!;
  const pkg = info.data?.downloadResources[chosen.package];
  const href = pkg && new URL(pkg.url, window.location.origin).href;
  const name = brand?.name ?? '';
  const steps: Record<Platform, string[]> = {
    Android: [
      t`Scan the QR code with your phone’s camera, or tap Download on the phone.`,
      t`Open the downloaded file.`,
      t`If your phone asks, allow installing apps from this source.`,
      t`Open ${name} and log in.`,
    ],
    iOS: [
      t`Scan the QR code with the Camera app and open the link in Safari.`,
      t`Allow the configuration profile to download.`,
      t`Open Settings › General › VPN & Device Management, choose the profile and tap Install.`,
      t`Open ${name} from your home screen and log in.`,
    ],
  };

  return (
    <Modal open={open} title={<Trans>Download the app</Trans>} closeLabel={t`Close`} onClose={onClose}>
      <div role="tablist" aria-label={t`Phone`} className="mb-4 flex">
        {PLATFORMS.map((p) => (
          <button
            key={p.id}
            type="button"
            role="tab"
            id={`download-tab-${p.id}`}
            aria-selected={platform === p.id}
            aria-controls="download-steps"
            onClick={() => setPlatform(p.id)}
            className={`flex-1 border-b-2 py-2 text-sm font-semibold ${platform === p.id ? 'border-brand' : 'border-transparent text-muted'}`}
          >
            {p.id === 'iOS' ? t`iOS` : t`Android`}
          </button>
        ))}
      </div>
      <div
        id="download-steps"
        role="tabpanel"
        aria-labelledby={`download-tab-${platform}`}
        className="flex flex-col items-center gap-4 sm:w-[26rem]"
      >
        {!info.data ? (
          <Skeleton className="h-[200px] w-[200px]" />
        ) : pkg && href ? (
          <>
            <a href={href} aria-label={t`Download ${pkg.name}`} className="rounded-lg bg-white">
              <QrCode value={href} iconUrl={brand?.iconUrl} label={t`QR code for ${pkg.name}`} />
            </a>
            <ol className="w-full list-decimal space-y-1 pl-6 text-sm">
              {steps[platform].map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
            <a href={href} className="rounded-full bg-brand px-5 py-2 font-semibold text-white">
              <Trans>Download</Trans>
            </a>
          </>
        ) : (
          <p className="py-8 text-center text-sm text-muted">
            {platform === 'iOS' ? (
              <Trans>The iOS app is not available yet.</Trans>
            ) : (
              <Trans>The Android app is not available yet.</Trans>
            )}
          </p>
        )}
      </div>
    </Modal>
  );
}
