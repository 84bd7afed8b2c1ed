import { MERCHANT_CODE, REMEMBER_ME_MS, REMEMBERED_KEY } from '../../contract/constants.ts';

/**
 * Browser-side session keys of spec §3. The merchant code is kept in session and local storage; a `merchant`
 * query parameter (e.g. a white-label preview link) picks it, otherwise the server resolves it from the domain.
 */
const MERCHANT_KEY = 'merchant';

export function adoptMerchantFromUrl(search: string): void {
  const wanted = new URLSearchParams(search).get('merchant');
  if (!wanted) return;
  const code = wanted.trim().toUpperCase();
  if (!MERCHANT_CODE.test(code)) return;
  sessionStorage.setItem(MERCHANT_KEY, code);
  localStorage.setItem(MERCHANT_KEY, code);
}

export const storedMerchant = (): string | null =>
  sessionStorage.getItem(MERCHANT_KEY) ?? localStorage.getItem(MERCHANT_KEY);

/** Forget a merchant the server does not know, so the next load falls back to the domain. */
export function forgetMerchant(): void {
  sessionStorage.removeItem(MERCHANT_KEY);
  localStorage.removeItem(MERCHANT_KEY);
}

/** The login token lives in session storage (spec §4 Login). */
export const storedToken = (): string | null => sessionStorage.getItem('token');

/**
 * Keeps the login token for the tab; a remember-me login (spec §9) also beyond it, for one day: a new tab or a
 * restarted browser is still logged in (the server's session lasts that day too). A login without it forgets any.
 */
export function storeToken(token: string, remember = false, now = Date.now()): void {
  sessionStorage.setItem('token', token);
  if (remember) localStorage.setItem(REMEMBERED_KEY, JSON.stringify({ token, until: now + REMEMBER_ME_MS }));
  else localStorage.removeItem(REMEMBERED_KEY);
}

/** At start: a tab without a token takes the remembered one while its day lasts; a spent or broken one is dropped. */
export function adoptRememberedSession(now = Date.now()): void {
  const raw = localStorage.getItem(REMEMBERED_KEY);
  if (raw === null || sessionStorage.getItem('token')) return;
  try {
    const { token, until } = JSON.parse(raw) as { token?: unknown; until?: unknown };
    if (typeof token === 'string' && typeof until === 'number' && until > now) {
      sessionStorage.setItem('token', token);
      return;
    }
  } catch {
    // dropped below
  }
  localStorage.removeItem(REMEMBERED_KEY);
}

/** Spec §4 Logout: the session is cleared except the merchant. */
export function clearSession(): void {
  const merchant = storedMerchant();
  sessionStorage.clear();
  localStorage.removeItem(REMEMBERED_KEY);
  if (merchant) sessionStorage.setItem(MERCHANT_KEY, merchant);
}
