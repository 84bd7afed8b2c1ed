import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { AnyCall } from '../../contract/call.ts';

/**
 * Stands in for `call` (src/api/client.ts) in the game pages' tests: records each call with its body and headers,
 * and answers with `answer`, parsed by the contract's response schema as the real client does. This module must
 * not import the client: the tests' `vi.mock` factory imports it.
 */
export const sent: { path: string; body?: Record<string, unknown>; headers?: Record<string, string> }[] = [];

let answer: (path: string, body: Record<string, unknown> | undefined) => Promise<unknown> = async () => {
  throw new Error('no answer set');
};
export const setAnswer = (fn: typeof answer) => {
  answer = fn;
};

export async function fakeCall(
  c: AnyCall,
  input: { body?: Record<string, unknown> },
  opts?: { headers?: Record<string, string> },
) {
  sent.push({ path: c.path, body: input.body, headers: opts?.headers });
  return c.response.parse({ success: true, value: await answer(c.path, input.body) });
}

export const sentTo = (path: string) => sent.filter((s) => s.path === path);

export function renderPlay(page: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>{page}</QueryClientProvider>
    </I18nProvider>,
  );
}
