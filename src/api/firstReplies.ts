import { FIRST_REPLIES_ID, type FirstReplies } from '../../contract/firstReplies.ts';

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
 * The page's reply to a GET of `url`, once, if the client asks it as the server did: for the same merchant (unless
 * the client names none) and in the same language. Later reads of the same address go to the server.
 */
export function takeFirstReply(url: string, merchant: string | null, language: string): unknown {
  if (!first || (merchant !== null && merchant !== first.merchant) || language !== first.language)
    return undefined;
  const reply = first.replies[url];
  delete first.replies[url];
  return reply;
}
