import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import type { PaymentOrder } from '../../contract/payments.ts';
import { registerSettingsQuery } from '../features/auth/queries.ts';
import type { MemberSlots } from '../features/member/MemberCentre.tsx';
import { Skeleton } from '../ui/Skeleton.tsx';

// What the Personal Center gets from other features: in the member route's code (src/routes/member.tsx), not in
// pages.tsx, which every page loads.

// Their own code comes when they are drawn, not with the Personal Center's.
const ChangePasswordForm = lazy(() =>
  import('../features/auth/ChangePasswordForm.tsx').then((m) => ({ default: m.ChangePasswordForm })),
);
const WithdrawalConfirmation = lazy(() =>
  import('../features/withdrawal/WithdrawalConfirmation.tsx').then((m) => ({
    default: m.WithdrawalConfirmation,
  })),
);

/** The login-password form of the account feature, inline in the Personal Center's My Account page. */
function MemberChangePassword({ onDone }: { onDone: () => void }) {
  const settings = useQuery(registerSettingsQuery());
  const rule = settings.data?.fields.find((r) => r.field === 'password');
  const loading = <Skeleton className="h-48 w-full" />;
  if (!rule) return loading;
  return (
    <Suspense fallback={loading}>
      <ChangePasswordForm rule={rule} onDone={onDone} />
    </Suspense>
  );
}

/** A disbursed withdrawal's confirmation in the Personal Center's list; an answer refreshes the money lists. */
function MemberWithdrawalConfirmation({ order }: { order: PaymentOrder }) {
  const queryClient = useQueryClient();
  return (
    <Suspense fallback={<Skeleton className="h-24 w-full" />}>
      <WithdrawalConfirmation
        order={order}
        onOrderChange={() => {
          void queryClient.invalidateQueries({ queryKey: ['member', 'paymentOrders'] });
          void queryClient.invalidateQueries({ queryKey: ['member', 'accountRecord'] });
          void queryClient.invalidateQueries({ queryKey: ['balance'] });
        }}
      />
    </Suspense>
  );
}

/** What the Personal Center gets from other features (features meet here, never import each other). */
export const memberSlots: MemberSlots = {
  changePassword: (onDone) => <MemberChangePassword onDone={onDone} />,
  renderConfirmation: (order) => <MemberWithdrawalConfirmation order={order} />,
};
