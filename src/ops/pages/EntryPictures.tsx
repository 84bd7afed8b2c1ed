import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { fetchPicture } from '../api.ts';

/** An application's pictures, fetched with the operator's token (they are not public) and shown as thumbnails. */
export function EntryPictures({ names, account }: { names: string[]; account: string }) {
  if (names.length === 0) return <span className="text-muted">—</span>;
  return (
    <ul className="flex flex-wrap gap-1">
      {names.map((name, i) => (
        <li key={name}>
          <Picture path={`/ops/uploads/${encodeURIComponent(name)}`} index={i + 1} account={account} />
        </li>
      ))}
    </ul>
  );
}

/** One picture at `path` (an operator call answering the bytes), as a thumbnail opening the full picture. */
export function Picture({ path, index, account }: { path: string; index: number; account: string }) {
  const { t } = useLingui();
  const blob = useQuery({
    queryKey: ['ops', 'picture', path],
    queryFn: () => fetchPicture(path),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob.data) return;
    const made = URL.createObjectURL(blob.data);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob.data]);
  const label = t`Picture ${index} of ${account}`;
  if (blob.isError)
    return (
      <button type="button" className="text-xs text-danger underline" onClick={() => void blob.refetch()}>
        <Trans>Picture {index} did not load: retry</Trans>
      </button>
    );
  if (!url)
    return (
      <span role="status" className="block h-12 w-12 animate-pulse rounded bg-line">
        <span className="sr-only">{t`Loading picture ${index}`}</span>
      </span>
    );
  return (
    <a href={url} target="_blank" rel="noreferrer" aria-label={t`Open ${label}`}>
      <img src={url} alt={label} className="h-12 w-12 rounded border border-line object-cover" />
    </a>
  );
}
