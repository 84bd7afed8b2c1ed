import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { WhitelabelInfo } from '../../contract/system.ts';
import { whitelabelQuery } from '../api/queries.ts';
import { useImageUrl } from './imageUrl.ts';

function Picture({ src }: { src: string }) {
  const imageUrl = useImageUrl();
  return <img src={imageUrl(src)} alt="" />;
}

const withCdns = (client: QueryClient, imageCDNs: string[]) =>
  client.setQueryData(whitelabelQuery().queryKey, { imageCDNs } as unknown as WhitelabelInfo);

describe('useImageUrl', () => {
  it('draws our pictures from the merchant image CDN once the whitelabel is in, and follows a change', () => {
    const client = new QueryClient();
    const { container } = render(
      <QueryClientProvider client={client}>
        <Picture src="/art/LOTUS/logo.webp" />
      </QueryClientProvider>,
    );
    const img = () => container.querySelector('img')!.getAttribute('src');
    expect(img()).toBe('/art/LOTUS/logo.webp');
    act(() => withCdns(client, ['https://img.lotus.example']));
    expect(img()).toBe('https://img.lotus.example/art/LOTUS/logo.webp');
    act(() => withCdns(client, ['']));
    expect(img()).toBe('/art/LOTUS/logo.webp');
  });

  it('keeps the address outside an app (no query client)', () => {
    const { container } = render(<Picture src="/art/LOTUS/logo.webp" />);
    expect(container.querySelector('img')).toHaveAttribute('src', '/art/LOTUS/logo.webp');
  });
});
