import { type ComponentProps, Suspense } from 'react';
import { useAuthModals } from '../../session/authModals.tsx';
import { lazyChunk } from '../../ui/chunkLoad.ts';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { useResetLink } from './resetLink.ts';

// Every page holds this host, but the account modal, the forms' frame, their settings queries and the flows after a
// login load only when a form opens (most visits never open one): not with the first page.
const accountModal = () => import('./AccountModal.tsx');
const AccountModal = lazyChunk('AccountModal', () =>
  accountModal().then((m) => ({ default: m.AccountModal })),
);
const LazyAccountForm = lazyChunk('AccountModal', () =>
  accountModal().then((m) => ({ default: m.AccountForm })),
);

/** An account form as a page or inside another dialog (/login, the forced password change): see AccountModal.tsx. */
export function AccountForm(props: ComponentProps<typeof LazyAccountForm>) {
  return (
    <Suspense fallback={<Skeleton className="h-64 w-full" />}>
      <LazyAccountForm {...props} />
    </Suspense>
  );
}

/** The open account modal (spec §2 Modals), and the e-mailed reset link that opens one. */
export function AuthModalsHost() {
  const { modal } = useAuthModals();
  useResetLink();
  if (!modal) return null;
  return (
    <Suspense fallback={null}>
      <AccountModal />
    </Suspense>
  );
}
