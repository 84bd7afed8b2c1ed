import { describe, expect, it } from 'vitest';
import {
  formatAmount,
  formatBasisPoints,
  formatDate,
  formatDateTime,
  formatDay,
  formatNumber,
  formatPercent,
  formatRelative,
  formatSignedAmount,
} from './format.ts';

// Local moments: the dates read the same in whatever time zone the suite runs.
const AT = new Date(2026, 10, 28, 17, 5, 9);
/** Intl puts narrow and no-break spaces in some locales' times; their place is what is checked. */
const spaced = (s: string) => s.replace(/\s/g, ' ');

/**
 * Each locale as Node's Intl gives it by default: Burmese and Bengali digits, Thai Buddhist years, Hindi lakh groups,
 * Lao and Brazilian decimal commas; amounts always in the merchant's sign with 2 decimals.
 */
const LOCALES = {
  km: {
    sign: '៛',
    amount: '៛1,234,567.89',
    count: '1,234,567',
    percent: '12.5%',
    date: '28/11/2026',
    time: '28/11/2026, 5:05:09 PM',
  },
  my: {
    sign: '៛',
    amount: '៛၁,၂၃၄,၅၆၇.၈၉',
    count: '၁,၂၃၄,၅၆၇',
    percent: '၁၂.၅%',
    date: '၂၈/၁၁/၂၀၂၆',
    time: '၂၈/၁၁/၂၀၂၆ ၁၇:၀၅:၀၉',
  },
  lo: {
    sign: '₭',
    amount: '₭1.234.567,89',
    count: '1.234.567',
    percent: '12,5%',
    date: '28/11/2026',
    time: '28/11/2026, 17:05:09',
  },
  th: {
    sign: '฿',
    amount: '฿1,234,567.89',
    count: '1,234,567',
    percent: '12.5%',
    date: '28/11/2569',
    time: '28/11/2569 17:05:09',
  },
  hi: {
    sign: '₹',
    amount: '₹12,34,567.89',
    count: '12,34,567',
    percent: '12.5%',
    date: '28/11/2026',
    time: '28/11/2026, 5:05:09 pm',
  },
  'zh-Hant': {
    sign: 'NT$',
    amount: 'NT$1,234,567.89',
    count: '1,234,567',
    percent: '12.5%',
    date: '2026/11/28',
    time: '2026/11/28 下午5:05:09',
  },
  'pt-BR': {
    sign: 'R$',
    amount: 'R$1.234.567,89',
    count: '1.234.567',
    percent: '12,5%',
    date: '28/11/2026',
    time: '28/11/2026, 17:05:09',
  },
};

describe.each(Object.entries(LOCALES))('formatting in %s', (locale, want) => {
  it('shows an amount in the merchant’s sign with 2 decimals, a count and a percentage', () => {
    expect(formatAmount(123456789, want.sign, locale)).toBe(want.amount);
    expect(formatSignedAmount(-123456789, want.sign, locale)).toBe(`-${want.amount}`);
    expect(formatNumber(1234567, locale)).toBe(want.count);
    expect(formatPercent(12.5, locale)).toBe(want.percent);
  });

  it('shows a date and a date with its time', () => {
    expect(formatDate(AT, locale)).toBe(want.date);
    expect(spaced(formatDateTime(AT, locale))).toBe(want.time);
    expect(formatDate(AT.toISOString(), locale)).toBe(want.date);
  });
});

describe('amounts', () => {
  it('show 2 decimals with thousands separators after the currency sign, a loss with its minus first', () => {
    expect(formatAmount(123456789, '$', 'en')).toBe('$1,234,567.89');
    expect(formatAmount(0, '$', 'en')).toBe('$0.00');
    expect(formatSignedAmount(-2550, '$', 'en')).toBe('-$25.50');
    expect(formatAmount(123456789, '₫', 'vi')).toBe('₫1.234.567,89');
  });

  it('keep 2 decimals whatever the locale’s own currency would have', () => {
    // Yen and riel have no minor units of their own; the merchant's amounts are still minor units / 100.
    expect(formatAmount(100050, '¥', 'ja')).toBe('¥1,000.50');
    expect(formatAmount(100050, '៛', 'km')).toBe('៛1,000.50');
  });
});

describe('a calendar day the server names', () => {
  it('reads as that day in the locale (Thai: its Buddhist year), whatever the zone', () => {
    expect(formatDay('2030-02-26', 'en')).toBe('2/26/2030');
    expect(formatDay('2030-02-26', 'th')).toBe('26/2/2573');
    expect(formatDay('2030-02-26', 'my', { day: 'numeric', month: 'short' })).toBe('ဖေ ၂၆');
  });
});

describe('the pseudo-locale and a language a runtime lacks', () => {
  it('format as English, never as the browser’s own language', () => {
    expect(formatAmount(123456, '$', 'pseudo')).toBe('$1,234.56');
    expect(formatDate(AT, 'pseudo')).toBe('11/28/2026');
  });
});

describe('rates and relative times', () => {
  it('show basis points as a percentage with 2 decimals in the locale', () => {
    expect(formatBasisPoints(1250, 'en')).toBe('12.50%');
    expect(formatBasisPoints(50, 'my')).toBe('၀.၅၀%');
    expect(spaced(formatBasisPoints(50, 'es'))).toBe('0,50 %');
  });

  it('say how far a moment is in words of the locale', () => {
    expect(formatRelative(3, 'hour', 'en')).toBe('in 3 hours');
    expect(formatRelative(1, 'day', 'pt-BR')).toBe('amanhã');
    expect(formatRelative(3, 'hour', 'my')).toBe('၃ နာရီအတွင်း');
    expect(formatRelative(2, 'day', 'th')).toBe('มะรืนนี้');
  });
});
