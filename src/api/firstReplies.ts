import { FIRST_REPLIES_ID, type FirstReplies } from '../../contract/firstReplies.ts';
import type { WhitelabelInfo } from '../../contract/system.ts';

let first: FirstReplies | undefined;

/** Takes over the first calls' replies the page's HTML carries (server/http/pageHints.ts), once, at start. */
export function adoptFirstReplies(doc: Document = document): void {
  const block = doc.getElementById(FIRST_REPLIES_ID);
  if (!block) return;
  block.remove();
  try {
    adoptFirstRepliesBlock(JSON.parse(block.textContent ?? '') as FirstReplies);
  } catch {
    first = undefined;
  }
}

/** Takes over the first calls' replies themselves (the server's first paint of a page: src/ssr/firstScreen.tsx). */
export function adoptFirstRepliesBlock(block: FirstReplies): void {
  first = block;
}

/**
 * Whether the replies are for the merchant the client asks for: the one it names (`merchant`, kept from a white-label
 * link), else the page's domain's (which the server asked for by the domain, not by a name).
 */
const forMerchant = (block: FirstReplies, merchant: string | null) =>
  merchant === null ? !block.linked : merchant === block.merchant;

/**
 * The page's reply to a GET of `url`, once, if the client asks it as the server did: for the same merchant and in the
 * same language. Later reads of the same address go to the server.
 */
export function takeFirstReply(url: string, merchant: string | null, language: string): unknown {
  if (!first || !forMerchant(first, merchant) || language !== first.language) return undefined;
  const reply = first.replies[url];
  delete first.replies[url];
  return reply;
}

/**
 * The TY language of the merchant the client asks for, as the page's replies tell it (its whitelabel, the same in
 * every language), before any call: the app starts in a language the merchant offers, as the server drew the page.
 */
export function firstTyLanguage(merchant: string | null): string | undefined {
  if (!first || !forMerchant(first, merchant)) return undefined;
  return (first.replies['/wps/system/whitelabel'] as { value?: WhitelabelInfo } | undefined)?.value
    ?.tyLanguage;
}
