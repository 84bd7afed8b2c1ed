import { describe, expect, it } from 'vitest';
import { customerServicePath } from './customerService.ts';

const info = {
  customerService: [
    { csType: 'LIVECHAT' as const, path: 'https://chat.example/live' },
    { csType: 'VIP' as const, path: 'https://chat.example/vip' },
  ],
};

describe('customer service routing', () => {
  it('sends visitors and ranks up to 4 to live chat', () => {
    expect(customerServicePath(info)).toBe('https://chat.example/live');
    expect(customerServicePath(info, 4)).toBe('https://chat.example/live');
  });
  it('sends club ranks above 4 to VIP support', () => {
    expect(customerServicePath(info, 5)).toBe('https://chat.example/vip');
  });
  it('falls back to live chat when the merchant has no VIP desk, and to nothing when it has none', () => {
    expect(customerServicePath({ customerService: [info.customerService[0]!] }, 9)).toBe(
      'https://chat.example/live',
    );
    expect(customerServicePath({ customerService: [] })).toBeNull();
  });
});
