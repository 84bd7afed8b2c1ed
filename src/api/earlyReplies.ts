import { type EarlyCalls, MEMBER_START_GLOBAL } from '../../contract/firstReplies.ts';

declare global {
  interface Window {
    [MEMBER_START_GLOBAL]?: EarlyCalls;
  }
}

/**
 * The reply to a GET of `url` that the page's boot script asked before the app's code came (a returning member's
 * header, contract/firstReplies.ts MEMBER_START_CALLS), once, if the app asks it as the script did: with the same
 * token, for the same merchant and in the same language. Its body, or undefined when it failed (the app then asks
 * itself); no promise when the script asked nothing of the kind.
 */
export function takeEarlyReply(
  url: string,
  token: string,
  merchant: string | null,
  language: string,
): Promise<unknown> | undefined {
  const early = window[MEMBER_START_GLOBAL];
  if (!early) return undefined;
  // Asked otherwise than the script did (another login, language or merchant by now): none of them is the answer.
  if (early.token !== token || early.merchant !== merchant || early.language !== language) {
    forgetEarlyReplies();
    return undefined;
  }
  const reply = early.replies[url];
  delete early.replies[url];
  return reply;
}

/** Once the app's start is over: a reply it did not take would be an old one later. */
export const forgetEarlyReplies = () => {
  delete window[MEMBER_START_GLOBAL];
};
