import { FIRST_REPLIES_ID, type FirstReplies, offeredLanguages } from '../../contract/firstReplies.ts';
import type { WhitelabelInfo } from '../../contract/system.ts';

/**
 * The first calls' replies a page carries (server/http/pageHints.ts), answering those calls once instead of the
 * server: the tab's own (`pageReplies`), or one server render's (src/ssr/firstScreen.tsx), each its own store.
 */
export interface FirstRepliesStore {
  /** Takes over a block of replies (replacing any kept). */
  adopt(block: FirstReplies | undefined): void;
  /**
   * The reply to a GET of `url`, once, if the client asks it as the server did: for the same merchant and in the
   * same language. Later reads of the same address go to the server.
   */
  take(url: string, merchant: string | null, language: string): unknown;
  /** Whether `take` would give a reply to a GET of `url`. */
  carries(url: string, merchant: string | null, language: string): boolean;
  /**
   * The languages besides English the merchant the client asks for offers, as the replies tell it (its whitelabel, the
   * same in every language), before any call: the app starts in a language it offers, as the server drew the page.
   */
  languages(merchant: string | null): readonly string[] | undefined;
}

/**
 * Whether the replies are for the merchant the client asks for: the one it names (`merchant`, kept from a white-label
 * link), else the page's domain's (which the server asked for by the domain, not by a name).
 */
const forMerchant = (block: FirstReplies, merchant: string | null) =>
  merchant === null ? !block.linked : merchant === block.merchant;

export function createFirstReplies(block?: FirstReplies): FirstRepliesStore {
  // A copy: replies are taken out of it as they are used.
  let first = block && { ...block, replies: { ...block.replies } };
  const asked = (merchant: string | null, language: string) =>
    first && forMerchant(first, merchant) && language === first.language ? first.replies : undefined;
  return {
    adopt(next) {
      first = next && { ...next, replies: { ...next.replies } };
    },
    take(url, merchant, language) {
      const replies = asked(merchant, language);
      const reply = replies?.[url];
      delete replies?.[url];
      return reply;
    },
    carries: (url, merchant, language) => asked(merchant, language)?.[url] !== undefined,
    languages(merchant) {
      if (!first || !forMerchant(first, merchant)) return undefined;
      const info = (first.replies['/wps/system/whitelabel'] as { value?: WhitelabelInfo } | undefined)?.value;
      return info && offeredLanguages(info);
    },
  };
}

/** The tab's: the replies its page's HTML carried. */
export const pageReplies = createFirstReplies();

/** Takes over the replies the page's HTML carries, once, at start; a broken block is ignored. */
export function adoptFirstReplies(doc: Document = document): void {
  const block = doc.getElementById(FIRST_REPLIES_ID);
  if (!block) return;
  block.remove();
  try {
    pageReplies.adopt(JSON.parse(block.textContent ?? '') as FirstReplies);
  } catch {
    pageReplies.adopt(undefined);
  }
}

/**
 * When the page's request went out and its answer began to come in (local ms): what the replies it carries were
 * answered between, as a call's `sentAt` and `receivedAt`. Undefined where no navigation is timed (a server render).
 */
export function pageRequestTimes(): { sentAt: number; receivedAt: number } | undefined {
  const [page] = (globalThis.performance?.getEntriesByType?.('navigation') ??
    []) as PerformanceNavigationTiming[];
  if (!page || page.responseStart <= 0) return undefined;
  return {
    sentAt: performance.timeOrigin + page.requestStart,
    receivedAt: performance.timeOrigin + page.responseStart,
  };
}

export const firstLanguages = (merchant: string | null) => pageReplies.languages(merchant);
