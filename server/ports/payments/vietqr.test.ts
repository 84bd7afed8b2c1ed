import { describe, expect, it } from 'vitest';
import { crc16, parseVietQr, readTlv, vietQrPayload } from './vietqr.ts';

/** A VietQR code published with subiz/vietqr (VietinBank 970415, 120,000 VND), CRC as printed there. */
const PUBLISHED =
  '00020101021238570010A00000072701270006970415011300110019324180208QRIBFTTA530370454061200005802VN62170813ung ho lu lut6304C15C';

/** CRC-16/CCITT-FALSE another way: a 256-entry table, as most EMVCo libraries compute it. */
const TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n << 8;
  for (let k = 0; k < 8; k++) c = c & 0x8000 ? (c << 1) ^ 0x1021 : c << 1;
  return c & 0xffff;
});
const tableCrc = (s: string) =>
  [...Buffer.from(s)]
    .reduce((crc, b) => ((crc << 8) ^ TABLE[((crc >> 8) ^ b) & 0xff]!) & 0xffff, 0xffff)
    .toString(16)
    .toUpperCase()
    .padStart(4, '0');

describe('VietQR payload', () => {
  it('computes CRC-16/CCITT-FALSE: the catalogue check value and the published code', () => {
    expect(crc16('123456789')).toBe('29B1');
    expect(crc16(PUBLISHED.slice(0, -4))).toBe('C15C');
  });

  it('builds the published code field for field', () => {
    expect(
      vietQrPayload({
        bin: '970415',
        accountNo: '0011001932418',
        amount: 120_000,
        purpose: 'ung ho lu lut',
      }),
    ).toBe(PUBLISHED);
  });

  it('builds a dynamic deposit code: every field where the spec puts it, CRC over "…6304"', () => {
    const payload = vietQrPayload({
      bin: '970436',
      accountNo: '1023020330000',
      amount: 500_000,
      purpose: 'PT7K2M9QXA',
    });
    expect(payload).toBe(
      '000201' +
        '010212' +
        '3857' +
        '0010A000000727' +
        '0127' +
        '0006970436' +
        '01131023020330000' +
        '0208QRIBFTTA' +
        '5303704' +
        '5406500000' +
        '5802VN' +
        '6214' +
        '0810PT7K2M9QXA' +
        '6304' +
        tableCrc(payload.slice(0, -4)),
    );
    expect([...readTlv(payload).keys()]).toEqual(['00', '01', '38', '53', '54', '58', '62', '63']);
  });

  it('decodes what it encodes, and refuses a code whose CRC does not match', () => {
    const input = { bin: '970422', accountNo: '0801000123456', amount: 1_250_000, purpose: 'PTAB12CD34' };
    const payload = vietQrPayload(input);
    expect(parseVietQr(payload)).toEqual({ ...input, initiation: '12', currency: '704', country: 'VN' });
    expect(parseVietQr(PUBLISHED)).toMatchObject({
      bin: '970415',
      amount: 120_000,
      purpose: 'ung ho lu lut',
    });
    expect(() => parseVietQr(payload.replace('1250000', '1250001'))).toThrow(/CRC/);
  });

  it('refuses what a banking app could not read', () => {
    const ok = { bin: '970422', accountNo: '0801000123456' };
    expect(() => vietQrPayload({ ...ok, bin: '97042' })).toThrow(/BIN/);
    expect(() => vietQrPayload({ ...ok, accountNo: '1'.repeat(20) })).toThrow(/account/);
    expect(() => vietQrPayload({ ...ok, amount: 10.5 })).toThrow(/amount/);
    expect(() => vietQrPayload({ ...ok, purpose: 'nạp tiền' })).toThrow(/purpose/);
    expect(() => vietQrPayload({ ...ok, purpose: 'X'.repeat(26) })).toThrow(/purpose/);
  });
});
