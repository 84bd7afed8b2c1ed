import DOMPurify from 'dompurify';
import { useMemo } from 'react';

// Its own instance: the link hook below must not leak into other DOMPurify users.
const purifier = DOMPurify();

// http, https, mailto and relative URLs; everything else with a scheme (javascript:, data:, vbscript: …) goes.
const SAFE_URL = /^(?:(?:https?|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;
const SAFE_IMG = /^(?:https?:|\/(?!\/)|[^a-z/:]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

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
  return purifier.sanitize(html, config);
}

/**
 * Operator HTML (notices, help items, promotions). The server already cleaned it (server/lib/html.ts); cleaning again
 * here keeps rows written before that, or by hand, from running code in the member's browser.
 */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => cleanHtml(html), [html]);
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
