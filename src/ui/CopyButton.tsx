import { Trans } from '@lingui/react/macro';
import { useEffect, useState } from 'react';

/** Copies `value` to the clipboard and says so for a moment (also to screen readers). */
export function CopyButton({
  value,
  label,
  className,
}: {
  value: string;
  label: string;
  className?: string;
}) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 2000);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      // No clipboard (an insecure origin, a refused permission): the value stays on screen to copy by hand.
      setState('failed');
    }
  };
  return (
    <button type="button" aria-label={label} onClick={() => void copy()} className={className}>
      <span aria-live="polite">
        {state === 'copied' ? (
          <Trans>Copied</Trans>
        ) : state === 'failed' ? (
          <Trans>Copy failed</Trans>
        ) : (
          <Trans>Copy</Trans>
        )}
      </span>
    </button>
  );
}
