import { Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi, Navigate } from '@tanstack/react-router';
import { pagesFor } from './pages.ts';
import { useOps } from './session.ts';

const pageRoute = getRouteApi('/ops/$page');

/** `/ops/<page>`: a page of the registry, if the operator's role may open it. */
export function OpsPage() {
  const { i18n } = useLingui();
  const { page } = pageRoute.useParams();
  const { operator, merchant } = useOps();
  const entry = pagesFor(operator.role).find((p) => p.path === page);
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

/** `/ops`: the first page the role may open. */
export function OpsHome() {
  const { operator } = useOps();
  const first = pagesFor(operator.role)[0];
  if (!first) return null;
  return <Navigate to="/ops/$page" params={{ page: first.path }} search={true} replace />;
}
