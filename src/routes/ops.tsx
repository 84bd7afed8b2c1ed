import { createFileRoute } from '@tanstack/react-router';
import { MERCHANT_CODE } from '../../contract/constants.ts';
import { matching, searchOf } from '../domain/search.ts';

/**
 * `/ops?page=…&merchant=…`: the operator back office, a bundle of its own (its views are in `ops.lazy.tsx`, loaded
 * on the first visit; nothing of src/ops is in the portal's code). The page is a search parameter because every
 * path under `/ops/` belongs to the operator API. `merchant` is the shell's merchant picker.
 */
export const opsSearch = searchOf({ page: matching(/^[a-z-]{1,30}$/), merchant: matching(MERCHANT_CODE) });

export const Route = createFileRoute('/ops')({ validateSearch: opsSearch });
