import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { type Operator, opsLogout, opsMe, opsMerchants } from '../../contract/backoffice.ts';
import { LoadError } from '../ui/records/form.tsx';
import { Skeleton } from '../ui/Skeleton.tsx';
import { forgetOpsToken, opsCall, storedOpsToken, storeOpsToken, whenOpsTokenExpires } from './api.ts';
import { OpsPage } from './OpsPage.tsx';
import { Login } from './pages/Login.tsx';
import { Shell } from './Shell.tsx';
import { merchantsKey, OpsSession } from './session.ts';

const opsRoute = getRouteApi('/ops');

const meKey = (token: string) => ['ops', 'me', token];

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
          queryClient.setQueryData(meKey(session.token), session.operator);
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

function SignedIn({ token, signOut }: { token: string; signOut: () => void }) {
  const search = opsRoute.useSearch();
  const me = useQuery({
    queryKey: meKey(token),
    queryFn: async (): Promise<Operator> => (await opsCall(opsMe)).value.operator,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const merchants = useQuery({
    queryKey: merchantsKey,
    queryFn: async () => (await opsCall(opsMerchants)).value.list,
    enabled: me.isSuccess,
  });
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
    <OpsSession.Provider value={{ operator: me.data, merchant, merchants: list, signOut }}>
      <Shell>
        <OpsPage page={search.page} />
      </Shell>
    </OpsSession.Provider>
  );
}
