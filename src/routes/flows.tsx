import { createFileRoute, notFound } from '@tanstack/react-router';
import { matching, searchOf } from '../domain/search.ts';

/**
 * `/flows?machine=…`: every workflow machine drawn, for product owners and QA; a bundle of its own (views in
 * `flows.lazy.tsx`, src/flows). In dev and demo builds; a build with VITE_FLOWS=off answers "not found".
 */
export const flowsSearch = searchOf({ machine: matching(/^[A-Za-z]{1,40}$/) });

export const Route = createFileRoute('/flows')({
  validateSearch: flowsSearch,
  beforeLoad: () => {
    if (import.meta.env.VITE_FLOWS === 'off') throw notFound();
  },
});
