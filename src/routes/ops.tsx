import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { merchantCode } from '../../contract/merchant.ts';

/**
 * `/ops?page=…&merchant=…`: the operator back office, a bundle of its own (its views are in `ops.lazy.tsx`, loaded
 * on the first visit; nothing of src/ops is in the portal's code). The page is a search parameter because every
 * path under `/ops/` belongs to the operator API. `merchant` is the shell's merchant picker.
 */
export const opsSearch = z.object({
  page: z
    .string()
    .regex(/^[a-z-]{1,30}$/)
    .optional()
    .catch(undefined),
  merchant: merchantCode.optional().catch(undefined),
});

export const Route = createFileRoute('/ops')({ validateSearch: opsSearch });
