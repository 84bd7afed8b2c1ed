/** A friend's referral code from an invitation link (`?referralCode=`), kept for the tab until registration. */
const KEY = 'portico.referralCode';

export function rememberReferral(search: string = window.location.search): void {
  const code = new URLSearchParams(search).get('referralCode')?.trim().slice(0, 40);
  if (code) sessionStorage.setItem(KEY, code);
}

export const rememberedReferral = (): string | undefined => sessionStorage.getItem(KEY) ?? undefined;

/** The server refused the code: the next attempt registers without it rather than failing again. */
export const forgetReferral = (): void => sessionStorage.removeItem(KEY);
