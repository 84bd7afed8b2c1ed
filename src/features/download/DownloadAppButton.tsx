import { Trans } from '@lingui/react/macro';
import { Suspense, useState } from 'react';
import { createPortal } from 'react-dom';
import { lazyChunk } from '../../ui/chunkLoad.ts';

// Its code (and the QR code's) loads when first opened, not with every page.
const DownloadModal = lazyChunk('DownloadModal', () =>
  import('./DownloadModal.tsx').then((m) => ({ default: m.DownloadModal })),
);

/** The footer's App download entry, which opens the download modal (spec §2 Modals). */
export function DownloadAppButton({ className = '' }: { className?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)} aria-haspopup="dialog">
        <Trans>App download</Trans>
      </button>
      {/* Out of the footer, which is a containing block of its own (content-visibility): a fixed panel inside it
      would be placed and clipped by it. */}
      {open &&
        createPortal(
          <Suspense fallback={null}>
            <DownloadModal open onClose={() => setOpen(false)} />
          </Suspense>,
          document.body,
        )}
    </>
  );
}
