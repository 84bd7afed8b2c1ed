import { Trans } from '@lingui/react/macro';
import { Component, type ReactNode, useEffect, useState } from 'react';
import { asChunkLoadError, CHUNK_TIMEOUT_MS, ChunkLoadError } from '../../ui/chunkLoad.ts';

/** The retry: the page again, which fetches its chunks anew (after a release, the new ones). */
const reloadPage = () => window.location.reload();

/**
 * A chunk that did not load (spec §4: reported as a load error): what the visitor is told, the spec's message with
 * its address for support, and a retry.
 */
export function ChunkLoadNotice({
  error,
  retry = reloadPage,
}: {
  error: ChunkLoadError;
  retry?: () => void;
}) {
  return (
    <div
      role="alert"
      className="mx-auto my-6 flex max-w-md flex-col items-center gap-3 rounded-2xl border border-line bg-raised p-6 text-center"
    >
      <p className="font-semibold">
        {error.type === 'timeout' ? (
          <Trans>The page took longer to load. Please check your network.</Trans>
        ) : (
          <Trans>Network abnormal, please try again.</Trans>
        )}
      </p>
      <p className="whitespace-pre-line text-xs text-muted" data-code={error.code}>
        {error.message}
      </p>
      <button
        type="button"
        className="rounded-full bg-brand px-5 py-2 font-semibold text-white"
        onClick={retry}
      >
        <Trans>Retry</Trans>
      </button>
    </div>
  );
}

interface State {
  error: unknown;
}

/**
 * Catches a chunk that did not load or timed out below it (a lazy page part or modal) and shows the notice in its
 * place instead of the page going blank; any other error goes on up.
 */
export class ChunkErrorBoundary extends Component<{ children: ReactNode; retry?: () => void }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    const chunk = asChunkLoadError(this.state.error);
    if (!chunk) throw this.state.error;
    return <ChunkLoadNotice error={chunk} retry={this.props.retry} />;
  }
}

/**
 * A stylesheet or preloaded chunk that failed without breaking a render (Vite's `vite:preloadError`): the same notice,
 * at the foot of the page. The error still goes on to the import that asked for it.
 */
export function PreloadErrorNotice({ retry }: { retry?: () => void }) {
  const [error, setError] = useState<ChunkLoadError | null>(null);
  useEffect(() => {
    const onError = (e: Event) => setError(asChunkLoadError((e as Event & { payload?: unknown }).payload));
    window.addEventListener('vite:preloadError', onError);
    return () => window.removeEventListener('vite:preloadError', onError);
  }, []);
  return error && <AtFoot error={error} retry={retry} />;
}

const AtFoot = ({ error, retry }: { error: ChunkLoadError; retry?: () => void }) => (
  <div className="fixed inset-x-2 bottom-2 z-50">
    <ChunkLoadNotice error={error} retry={retry} />
  </div>
);

/**
 * A page still loading after `ms` (spec §9: a chunk that has not come after 120 s is a load error; the router's own
 * page chunks have no time-out of their own): the timed-out notice at the foot of the page, gone once the page comes.
 */
export function PageLoadTimeout({
  pending,
  page,
  ms = CHUNK_TIMEOUT_MS,
  retry,
}: {
  pending: boolean;
  page: string;
  ms?: number;
  retry?: () => void;
}) {
  const [late, setLate] = useState<string | null>(null);
  useEffect(() => {
    setLate(null);
    if (!pending) return;
    const timer = setTimeout(() => setLate(page), ms);
    return () => clearTimeout(timer);
  }, [pending, page, ms]);
  return late && <AtFoot error={new ChunkLoadError(late, 'timeout', late)} retry={retry} />;
}
