import type { WhitelabelInfo } from '../../contract/system.ts';

/** Spec §6: members whose club rankLevel is above 4 go to VIP support, everyone else to live chat. */
export function customerServicePath(
  info: Pick<WhitelabelInfo, 'customerService'>,
  rankLevel = 0,
): string | null {
  const wanted = rankLevel > 4 ? 'VIP' : 'LIVECHAT';
  const entry =
    info.customerService.find((c) => c.csType === wanted) ??
    info.customerService.find((c) => c.csType === 'LIVECHAT');
  return entry?.path ?? null;
}

/** Live chat opens in its own 440×750 window (spec §6). */
export function openCustomerService(path: string): void {
  window.open(path, 'customer-service', 'width=440,height=750,noopener');
}
