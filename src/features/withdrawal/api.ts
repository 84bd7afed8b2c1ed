import type { CallInput } from '../../../contract/call.ts';
import { confirmWithdrawal, type PaymentOrder, reportNotReceived } from '../../../contract/payments.ts';
import type { ProofReport } from '../../../machines/withdrawalConfirmation.machine.ts';
import { call } from '../../api/client.ts';

/** "Received" (contract/payments.ts `confirmWithdrawal`): the order as the server now has it. */
export async function confirmReceived(orderId: number): Promise<PaymentOrder> {
  const reply = await call(confirmWithdrawal, { params: { id: orderId }, body: {} });
  return reply.value.order;
}

/**
 * "Not received" with proof (contract/payments.ts `reportNotReceived`): multipart, the remark first, then each image
 * as `files`. The contract declares no body schema for it (multipart is not JSON); `call` hands a FormData to fetch
 * unchanged (no JSON encoding, the browser sets the multipart boundary), with the session's headers and the
 * contract's reply parsing and error mapping (ApiError). A file's handle is the File the visitor picked.
 */
export async function sendNotReceived({ orderId, files, remark }: ProofReport): Promise<PaymentOrder> {
  const form = new FormData();
  form.append('remark', remark);
  for (const f of files) form.append('files', f.handle as Blob, f.name);
  const input = { params: { id: orderId }, body: form } as unknown as CallInput<typeof reportNotReceived>;
  const reply = await call(reportNotReceived, input);
  return reply.value.order;
}
