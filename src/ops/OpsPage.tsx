import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { TwoFactor } from './pages/TwoFactor.tsx';
import { pagesFor } from './pages.ts';
import { useOps } from './session.ts';

/** `/ops?page=account`: the operator's own two-factor login, open to every role (the bar links to it). */
export const ACCOUNT_PAGE = 'account';

/** `/ops?page=<page>`: a page of the registry if the operator's role may open it; without one, the role's first. */
export function OpsPage({ page }: { page: string | undefined }) {
  const { i18n } = useLingui();
  const { operator, merchant } = useOps();
  const queryClient = useQueryClient();
  const pages = pagesFor(operator.role);
  if (page === ACCOUNT_PAGE)
    return (
      <div className="flex flex-col gap-3">
        <h1 className="text-lg font-bold">
          <Trans>Two-factor login</Trans>
        </h1>
        <TwoFactor
          operator={operator}
          onChanged={() => void queryClient.invalidateQueries({ queryKey: ['ops', 'me'] })}
        />
      </div>
    );
  const entry = page ? pages.find((p) => p.path === page) : pages[0];
  if (!entry)
    return (
      <p role="alert" className="rounded-md border border-line bg-raised p-3">
        <Trans>This page does not exist or your role may not open it.</Trans>
      </p>
    );
  const View = entry.component;
  return (
    <div className="flex flex-col gap-3">
      <h1 className="text-lg font-bold">{i18n._(entry.label)}</h1>
      {/* A per-merchant page starts over when another merchant is picked. */}
      <View key={merchant.code} />
    </div>
  );
}
