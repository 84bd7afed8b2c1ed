import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { useHydrated } from './useHydrated.ts';

// Its own instance: the link hook below must not leak into other DOMPurify users.
const purifier = DOMPurify();

// http, https, mailto and relative URLs; everything else with a scheme (javascript:, data:, vbscript: …) goes.
const SAFE_URL = /^(?:(?:https?|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;
const SAFE_IMG = /^(?:https?:|\/(?!\/)|[^a-z/:]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

// Without a DOM (the server's first screen of a page, src/ssr) DOMPurify cannot clean: nothing is drawn there.
if (purifier.isSupported)
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
    if (node.tagName === 'IMG') {
      const src = node.getAttribute('src');
      if (src !== null && !SAFE_IMG.test(src.trim())) node.removeAttribute('src');
    }
  });

const config = {
  USE_PROFILES: { html: true },
  ALLOWED_URI_REGEXP: SAFE_URL,
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
  FORBID_ATTR: ['style', 'srcset'],
};

/** Cleans HTML for display; exported for callers that need the string (e.g. a plain-text preview). */
export function cleanHtml(html: string): string {
  return purifier.isSupported ? purifier.sanitize(html, config) : '';
}

/** Readable defaults for operator HTML (no typography plugin): spacing, links, lists, tables, images that fit. */
const RICH_TEXT =
  'break-words text-sm leading-relaxed [&_a]:text-brand-ink [&_a]:underline [&_h1]:text-xl [&_h1]:font-bold ' +
  '[&_h2]:text-lg [&_h2]:font-bold [&_h3]:font-bold [&_img]:h-auto [&_img]:max-w-full [&_li]:ml-5 ' +
  '[&_ol]:list-decimal [&_p]:my-2 [&_table]:my-2 [&_table]:w-full [&_table]:border-collapse [&_td]:border ' +
  '[&_td]:border-line [&_td]:px-2 [&_td]:py-1 [&_th]:border [&_th]:border-line [&_th]:px-2 [&_th]:py-1 ' +
  '[&_ul]:list-disc';

/**
 * Operator HTML (notices, help items, promotions). The server already cleaned it (server/lib/html.ts); cleaning again
 * here keeps rows written before that, or by hand, from running code in the member's browser.
 */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  // Cleaned in the browser only: the server's first screen (src/ssr) draws the box, and the app fills it once it has
  // taken the page over (React keeps, and does not compare, the inner HTML of what it hydrates).
  const hydrated = useHydrated();
  const clean = useMemo(() => (hydrated ? cleanHtml(html) : ''), [html, hydrated]);
  return <div className={`${RICH_TEXT} ${className ?? ''}`} dangerouslySetInnerHTML={{ __html: clean }} />;
}
