import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { render, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { Operator, OpsMerchant, OpsRole } from '../../contract/backoffice.ts';
import { OpsApp } from '../ops/OpsApp.tsx';
import { opsSearch } from '../routes/ops.tsx';
import { server } from './authHarness.tsx';
import { sentHeaders } from './opsClientMock.ts';

/**
 * The back office's tests: the real OpsApp, shell and pages under a memory router shaped like the file routes
 * (`/ops`, `/ops/`, `/ops/$page`), and the auth harness's fake server behind `call` (each test file mocks
 * src/api/client.ts with ./clientMock.ts).
 */

export { sentHeaders, server };

export const operator = (role: OpsRole, o: Partial<Operator> = {}): Operator => ({
  id: 1,
  username: role.toLowerCase(),
  role,
  disabled: false,
  lastLoginAt: null,
  merchants: '*',
  totp: false,
  ...o,
});

export const merchant = (code: string, m: Partial<OpsMerchant> = {}): OpsMerchant => ({
  code,
  name: `${code[0]}${code.slice(1).toLowerCase()}`,
  domains: [`${code.toLowerCase()}.localhost`],
  brand: {
    name: code,
    primary: '#6142bf',
    accent: '#f5b301',
    defaultTheme: 'dark',
    logoUrl: '/logo.png',
    iconUrl: '/icon.png',
    currency: 'USD',
    currencySign: '$',
  },
  maintenance: false,
  maintenanceEnd: null,
  restrictedCountries: [],
  features: {},
  tyLanguage: 'vi',
  languages: ['vi', 'th', 'zh'],
  ...m,
});

export const MERCHANTS = [merchant('PORTICO', { features: { PTSYS3: true } }), merchant('LOTUS')];

/** Mounts the back office at `url`; with `token`, an operator session is already stored. */
export function mountOps(url: string, token?: string) {
  if (token) sessionStorage.setItem('opsToken', token);
  const root = createRootRoute();
  const ops = createRoute({
    getParentRoute: () => root,
    path: 'ops',
    component: OpsApp,
    validateSearch: opsSearch,
  });
  const router = createRouter({
    routeTree: root.addChildren([ops]),
    history: createMemoryHistory({ initialEntries: [url] }),
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>,
  );
  return router;
}

/** Waits for the view's request to `path` and answers it with `value` (the contract's `value`). */
export async function answer(path: string, value: unknown): Promise<void> {
  await waitFor(() => expect(server.pending(path).length).toBeGreaterThan(0));
  await server.reply(path, value);
}

/** Waits for the view's request to `path` and fails it with `error` (an ApiError, as the real client throws). */
export async function refuse(path: string, error: unknown): Promise<void> {
  await waitFor(() => expect(server.pending(path).length).toBeGreaterThan(0));
  await server.fail(path, error);
}

/** A signed-in operator of `role` at `url`: who they are and the merchants answered. */
export async function signedIn(role: OpsRole, url: string) {
  const router = mountOps(url, 'tok');
  await answer('/ops/me', { operator: operator(role), totpRequired: false });
  await answer('/ops/merchants', { list: MERCHANTS });
  return router;
}

export function reset(): void {
  server.reset();
  sentHeaders.length = 0;
}
