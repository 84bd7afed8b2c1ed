import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { whitelabelQuery } from '../../api/queries.ts';
import { openCustomerService } from '../../domain/customerService.ts';
import { useCustomerService } from '../../session/useCustomerService.ts';
import { Icon } from '../../ui/Icon.tsx';

const itemClass =
  'grid h-11 w-11 place-items-center rounded-full bg-brand text-sm font-bold text-white shadow-lg hover:brightness-110';

/** Side menu: live chat, Facebook and Telegram support links (spec §1). */
export function SideMenu() {
  const { t } = useLingui();
  const info = useQuery(whitelabelQuery());
  const cs = useCustomerService();
  if (!info.data) return null;
  const { facebook, telegram } = info.data.social;
  return (
    <aside aria-label={t`Support`} className="fixed bottom-4 right-3 z-30 flex flex-col gap-2">
      {cs && (
        <button
          type="button"
          className={itemClass}
          aria-label={t`Live chat`}
          onClick={() => openCustomerService(cs)}
        >
          <Icon name="chat" />
        </button>
      )}
      <a className={itemClass} href={facebook} target="_blank" rel="noreferrer">
        <Icon name="facebook" />
        <span className="sr-only">{t`Facebook support`}</span>
      </a>
      <a className={itemClass} href={telegram} target="_blank" rel="noreferrer">
        <Icon name="telegram" />
        <span className="sr-only">{t`Telegram support`}</span>
      </a>
    </aside>
  );
}
