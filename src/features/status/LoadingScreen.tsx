import { useLingui } from '@lingui/react/macro';

/** The status gate's wait (a member's first render waits for the portal's status). */
export function LoadingScreen() {
  const { t } = useLingui();
  return (
    <div
      role="status"
      aria-label={t`Loading`}
      className="flex min-h-screen items-center justify-center bg-surface"
    >
      <div className="h-12 w-12 animate-spin rounded-full border-4 border-line border-t-brand" />
    </div>
  );
}
