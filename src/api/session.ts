import { MERCHANT_CODE } from '../../contract/constants.ts';

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

export const storeToken = (token: string) => sessionStorage.setItem('token', token);

/** Spec §4 Logout: the session is cleared except the merchant. */
export function clearSession(): void {
  const merchant = storedMerchant();
  sessionStorage.clear();
  if (merchant) sessionStorage.setItem(MERCHANT_KEY, merchant);
}
