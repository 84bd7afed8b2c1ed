import { render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanHtml, SafeHtml } from './SafeHtml.tsx';

declare global {
  interface Window {
    __xss?: number;
  }
}

afterEach(() => {
  delete window.__xss;
});

describe('SafeHtml', () => {
  it('renders formatting, tables and images', () => {
    const { container } = render(
      <SafeHtml
        className="prose"
        html='<h3>Hi</h3><p><b>bold</b></p><table><tbody><tr><td>1</td></tr></tbody></table><img src="/a.png" alt="a">'
      />,
    );
    expect(container.querySelector('div.prose h3')).toHaveTextContent('Hi');
    expect(container.querySelector('td')).toHaveTextContent('1');
    expect(container.querySelector('img')).toHaveAttribute('src', '/a.png');
  });

  it('never runs script or event handlers', async () => {
    const { container } = render(
      <SafeHtml html='<script>window.__xss=1</script><img src="x" onerror="window.__xss=2"><p onclick="window.__xss=3">p</p>' />,
    );
    await new Promise((r) => setTimeout(r, 20));
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')?.getAttribute('onerror')).toBeNull();
    expect(container.querySelector('p')?.getAttribute('onclick')).toBeNull();
    expect(window.__xss).toBeUndefined();
  });

  it('opens links in a new tab without an opener and drops script and data URLs', () => {
    const out = cleanHtml(
      '<a href="https://example.com">a</a><a href="javascript:alert(1)">b</a><img src="data:image/png;base64,AA"><img src="//evil.example/x.png">',
    );
    const doc = document.createElement('div');
    doc.innerHTML = out;
    const [a, b] = doc.querySelectorAll('a');
    expect(a).toHaveAttribute('href', 'https://example.com');
    expect(a).toHaveAttribute('target', '_blank');
    expect(a).toHaveAttribute('rel', 'noopener noreferrer');
    expect(b?.hasAttribute('href')).toBe(false);
    for (const img of doc.querySelectorAll('img')) expect(img.hasAttribute('src')).toBe(false);
  });
});
