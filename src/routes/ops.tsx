import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { merchantCode } from '../../contract/merchant.ts';

/**
 * `/ops`: the operator back office, a bundle of its own (its views are in `ops.lazy.tsx` and its children, loaded
 * on the first visit; nothing of src/ops is in the portal's code). `merchant` is the shell's merchant picker.
 */
export const Route = createFileRoute('/ops')({
  validateSearch: z.object({ merchant: merchantCode.optional().catch(undefined) }),
});
