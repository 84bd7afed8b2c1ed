import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { whitelabelQuery } from '../../api/queries.ts';
import { customerServicePath, openCustomerService } from '../../domain/customerService.ts';

/** The maintenance and region pages' customer-service button (live chat for visitors). */
export function CustomerServiceButton() {
  const info = useQuery(whitelabelQuery());
  const path = info.data ? customerServicePath(info.data) : null;
  return (
    <button
      type="button"
      disabled={!path}
      onClick={() => path && openCustomerService(path)}
      className="rounded-full bg-brand px-6 py-3 font-semibold text-white disabled:opacity-50"
    >
      <Trans>Customer service</Trans>
    </button>
  );
}
