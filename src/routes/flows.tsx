import { createFileRoute, notFound } from '@tanstack/react-router';
import { matching, oneOf, searchOf } from '../domain/search.ts';

/**
 * `/flows?machine=…[&follow=page]`: every workflow machine drawn, for product owners and QA; `follow=page` opens the
 * page that runs the machine beside its diagram. A bundle of its own (views in `flows.lazy.tsx`, src/flows). In dev
 * and demo builds; a build with VITE_FLOWS=off answers "not found".
 */
export const flowsSearch = searchOf({
  machine: matching(/^[A-Za-z]{1,40}$/),
  follow: oneOf(['page'] as const),
});

export const Route = createFileRoute('/flows')({
  validateSearch: flowsSearch,
  beforeLoad: () => {
    if (import.meta.env.VITE_FLOWS === 'off') throw notFound();
  },
});
