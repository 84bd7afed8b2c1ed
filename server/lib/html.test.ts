import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './html.ts';

describe('sanitizeHtml', () => {
  it('keeps formatting, headings, lists and tables', () => {
    const html =
      '<h2>Title</h2><p><b>bold</b> <em>it</em> <u>u</u></p><ul><li>one</li></ul>' +
      '<table><thead><tr><th colspan="2">h</th></tr></thead><tbody><tr><td>1</td><td>2</td></tr></tbody></table>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('drops script and style elements with their text', () => {
    expect(sanitizeHtml('<p>a</p><script>window.__xss=1</script><style>p{}</style>')).toBe('<p>a</p>');
    expect(sanitizeHtml('<iframe src="https://x.example"></iframe><p>b</p>')).toBe('<p>b</p>');
  });

  it('drops event handler and style attributes', () => {
    expect(sanitizeHtml('<img src="x" onerror="window.__xss=2">')).toBe('<img src="x" />');
    expect(sanitizeHtml('<p onclick="x()" style="color:red">c</p>')).toBe('<p>c</p>');
  });

  it('opens links in a new tab without an opener and refuses script URLs', () => {
    expect(sanitizeHtml('<a href="https://example.com">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeHtml('<a href="mailto:help@example.com" target="_self" rel="opener">m</a>')).toBe(
      '<a href="mailto:help@example.com" target="_blank" rel="noopener noreferrer">m</a>',
    );
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,x',
    ]) {
      expect(sanitizeHtml(`<a href="${href}">y</a>`)).not.toMatch(/href/);
    }
  });

  it('allows http, https and relative image sources only', () => {
    expect(sanitizeHtml('<img src="https://cdn.example/a.png" alt="a">')).toBe(
      '<img src="https://cdn.example/a.png" alt="a" />',
    );
    expect(sanitizeHtml('<img src="/art/a.png">')).toBe('<img src="/art/a.png" />');
    expect(sanitizeHtml('<img src="data:image/svg+xml,<svg onload=alert(1)>">')).toBe('<img />');
    expect(sanitizeHtml('<img src="//evil.example/a.png">')).toBe('<img />');
    expect(sanitizeHtml('<img src="javascript:alert(1)">')).toBe('<img />');
  });
});
