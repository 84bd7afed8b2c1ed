import { describe, expect, it } from 'vitest';
import { formatAmount } from './AmountText.tsx';

describe('amounts', () => {
  it('show 2 decimals with thousands separators after the currency sign', () => {
    expect(formatAmount(123456789, '$', 'en')).toBe('$1,234,567.89');
    expect(formatAmount(0, '$', 'en')).toBe('$0.00');
    expect(formatAmount(-2550, '$', 'en')).toBe('$-25.50');
    expect(formatAmount(123456789, '₫', 'vi')).toBe('₫1.234.567,89');
  });
});
