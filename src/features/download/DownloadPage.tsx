import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { type DownloadPackage, downloadPackage } from '../../../contract/system.ts';
import { whitelabelQuery } from '../../api/queries.ts';
import { useImageUrl } from '../../ui/imageUrl.ts';
import { QrCode } from '../../ui/QrCode.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';

/** Spec §9: QR on the download page is 138 px with margin 0. */
const QR_SIZE = 138;

/** App download (spec §2): a QR code per package that exists, each opening its package. */
export function DownloadPage() {
  const imageUrl = useImageUrl();
  const { t } = useLingui();
  const info = useQuery(whitelabelQuery());
  const platformName: Record<DownloadPackage, string> = { MOBILECONFIG: t`iOS`, Android: t`Android` };

  if (!info.data) return <Skeleton className="h-96 w-full" />;
  const { brand, downloadResources } = info.data;
  const packages = downloadPackage.options.flatMap((kind) => {
    const pkg = downloadResources[kind];
    return pkg ? [{ kind, ...pkg, href: new URL(pkg.url, window.location.origin).href }] : [];
  });

  return (
    <div
      className="flex flex-col items-center gap-6 rounded-3xl px-4 py-10 text-center text-white"
      style={{ background: `linear-gradient(135deg, ${brand.primary}, ${brand.accent})` }}
    >
      <img src={imageUrl(brand.logoUrl)} alt="" className="h-20 w-20 rounded-2xl shadow-lg" />
      <h1 className="text-3xl font-bold">
        <Trans>Get the {brand.name} app</Trans>
      </h1>
      {packages.length === 0 ? (
        <p>
          <Trans>No app packages are available yet.</Trans>
        </p>
      ) : (
        <ul className="flex flex-wrap justify-center gap-6">
          {packages.map((p) => (
            <li
              key={p.kind}
              className="flex flex-col items-center gap-3 rounded-2xl bg-white p-4 text-[#17142a] shadow-xl"
            >
              <h2 className="font-semibold">{platformName[p.kind]}</h2>
              <a href={p.href} aria-label={t`Download ${p.name}`}>
                <QrCode
                  value={p.href}
                  size={QR_SIZE}
                  margin={0}
                  iconUrl={brand.iconUrl}
                  label={t`QR code for ${p.name}`}
                />
              </a>
              <a href={p.href} className="text-sm font-medium underline">
                {p.name}
              </a>
            </li>
          ))}
        </ul>
      )}
      {downloadResources.MOBILECONFIG && (
        <p className="max-w-xl text-sm opacity-90">
          <Trans>
            On iOS 17 and later, install the downloaded profile yourself: Settings › General › VPN and Device
            Management.
          </Trans>
        </p>
      )}
    </div>
  );
}
