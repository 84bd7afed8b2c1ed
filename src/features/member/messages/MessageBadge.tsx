import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Icon } from '../../../ui/Icon.tsx';
import { useUnreadCount } from './queries.ts';

/** More than this reads "99+" on the badge (the accessible name keeps the real count). */
const BADGE_MAX = 99;

/** Header envelope (spec §7 unread messages): opens the inbox, badged with the unread count. */
export function MessageBadge() {
  const { t } = useLingui();
  const unread = useUnreadCount();
  const count = unread.data ?? 0;
  return (
    <Link
      to="/member"
      search={{ page: 'messageV2' }}
      aria-label={count > 0 ? t`Messages, ${count} unread` : t`Messages`}
      className="relative grid h-9 w-9 shrink-0 place-items-center rounded-full border border-line hover:bg-line/40"
    >
      <Icon name="envelope" />
      {count > 0 && (
        <span
          aria-hidden="true"
          className="absolute -right-1 -top-1 grid h-5 min-w-5 place-items-center rounded-full bg-red-600 px-1 text-[10px] font-bold leading-none text-white"
        >
          {count > BADGE_MAX ? `${BADGE_MAX}+` : count}
        </span>
      )}
    </Link>
  );
}
