import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { type Operator, opsLogout, opsMe, opsMerchants } from '../../contract/backoffice.ts';
import { LoadError, TableActions } from '../ui/records/form.tsx';
import { Skeleton } from '../ui/Skeleton.tsx';
import { forgetOpsToken, opsCall, storedOpsToken, storeOpsToken, whenOpsTokenExpires } from './api.ts';
import { ExportCsv } from './ExportCsv.tsx';
import { OpsPage } from './OpsPage.tsx';
import { Login } from './pages/Login.tsx';
import { TwoFactor } from './pages/TwoFactor.tsx';
import { Shell } from './Shell.tsx';
import { type Me, meKey, merchantsKey, OpsSession } from './session.ts';
import { opsButton } from './ui.tsx';

const opsRoute = getRouteApi('/ops');

/**
 * `/ops`: the operator back office. Its own sign-in and token (not the member's session), its own frame (not the
 * portal's header or the merchant's brand); the signed-in operator's role decides the menu and the buttons.
 */
export function OpsApp() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [token, setToken] = useState(storedOpsToken);
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    document.title = t`Back office`;
  }, [t]);
  useEffect(
    () =>
      whenOpsTokenExpires(() => {
        // What the ended session read is not left for whoever signs in next.
        queryClient.removeQueries({ queryKey: ['ops'] });
        setExpired(true);
        setToken(null);
      }),
    [queryClient],
  );

  if (!token)
    return (
      <Login
        expired={expired}
        onSignedIn={(session) => {
          storeOpsToken(session.token);
          queryClient.setQueryData<Me>(meKey(session.token), {
            operator: session.operator,
            totpRequired: session.totpRequired,
          });
          setExpired(false);
          setToken(session.token);
        }}
      />
    );

  const signOut = () => {
    // The bearer is read as the call starts, so the token can be forgotten at once.
    void opsCall(opsLogout).catch(() => {});
    forgetOpsToken();
    queryClient.removeQueries({ queryKey: ['ops'] });
    setExpired(false);
    setToken(null);
  };
  return <SignedIn token={token} signOut={signOut} />;
}

/** Every table of an operator list offers its CSV export (src/ui/records/form.tsx renders it above the table). */
const exportCsv = (reply: unknown) => <ExportCsv reply={reply} />;

function SignedIn({ token, signOut }: { token: string; signOut: () => void }) {
  const search = opsRoute.useSearch();
  const queryClient = useQueryClient();
  // An ops list's reply stays the object its call returned, so its table finds the call to export (src/ops/api.ts).
  useState(() => queryClient.setQueryDefaults(['ops'], { structuralSharing: false }));
  const me = useQuery({
    queryKey: meKey(token),
    queryFn: async (): Promise<Me> => (await opsCall(opsMe)).value,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const merchants = useQuery({
    queryKey: merchantsKey,
    queryFn: async () => (await opsCall(opsMerchants)).value.list,
    enabled: me.isSuccess && !me.data.totpRequired,
  });
  if (me.data?.totpRequired)
    return (
      <EnrolFirst
        operator={me.data.operator}
        signOut={signOut}
        onEnrolled={(operator) =>
          queryClient.setQueryData<Me>(meKey(token), { operator, totpRequired: false })
        }
      />
    );
  const failed = me.isError ? me : merchants.isError ? merchants : null;
  if (failed)
    return (
      <div className="p-3">
        <LoadError error={failed.error} onRetry={() => void failed.refetch()} />
      </div>
    );
  if (!me.data || !merchants.data)
    return (
      <div className="flex flex-col gap-3 p-3">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  const list = merchants.data;
  const merchant = list.find((m) => m.code === search.merchant) ?? list[0];
  if (!merchant)
    return (
      <p role="alert" className="p-3">
        <Trans>No merchant is set up.</Trans>
      </p>
    );
  return (
    <OpsSession.Provider value={{ operator: me.data.operator, merchant, merchants: list, signOut }}>
      <TableActions.Provider value={exportCsv}>
        <Shell>
          <OpsPage page={search.page} />
        </Shell>
      </TableActions.Provider>
    </OpsSession.Provider>
  );
}

/** In production an ADMIN or FINANCE operator must turn two-factor login on before anything else. */
function EnrolFirst({
  operator,
  signOut,
  onEnrolled,
}: {
  operator: Operator;
  signOut: () => void;
  onEnrolled: (o: Operator) => void;
}) {
  return (
    <main className="flex min-h-screen flex-col items-center gap-3 bg-surface p-3 text-ink">
      <div className="flex w-full max-w-xl flex-col gap-3">
        <h1 className="text-lg font-bold">
          <Trans>Set up two-factor login</Trans>
        </h1>
        <p role="status" className="rounded-md bg-warning/10 px-3 py-2 text-sm">
          <Trans>Your role signs in with two factors. Set it up to open the back office.</Trans>
        </p>
        <TwoFactor operator={operator} onChanged={onEnrolled} />
        <div>
          <button type="button" className={opsButton} onClick={signOut}>
            <Trans>Sign out</Trans>
          </button>
        </div>
      </div>
    </main>
  );
}
