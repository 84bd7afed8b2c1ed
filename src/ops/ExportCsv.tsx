import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { csvSourceOf, downloadCsv } from './api.ts';
import { opsButton } from './ui.tsx';

/**
 * "Export CSV" above every back-office table whose rows came from an operator list call: the same call with its
 * filters as CSV, every page of it (server/http/csv.ts), downloaded with the operator's token.
 */
export function ExportCsv({ reply }: { reply: unknown }) {
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const source = csvSourceOf(reply);
  if (!source) return null;
  return (
    <div className="flex flex-wrap items-center justify-end gap-2">
      {state === 'failed' && (
        <p role="alert" className="text-danger">
          <Trans>The export failed. Try again.</Trans>
        </p>
      )}
      <button
        type="button"
        className={opsButton}
        disabled={state === 'busy'}
        aria-busy={state === 'busy'}
        onClick={() => {
          setState('busy');
          downloadCsv(source).then(
            () => setState('idle'),
            () => setState('failed'),
          );
        }}
      >
        <Trans>Export CSV</Trans>
      </button>
    </div>
  );
}
