/**
 * VietQR (NAPAS's profile of the EMVCo merchant-presented QR code) for a bank transfer: the payload a member's
 * banking app scans to fill in the beneficiary bank (BIN), account, amount and the transfer's content (the
 * deposit's reference), so the operator finds the reference on the statement and approves the deposit.
 *
 * Layout (ID, two-digit length, value; nested templates the same way):
 *   00 "01"                       payload format indicator
 *   01 "12"                       point of initiation: dynamic (one payment), "11" static
 *   38 merchant account information
 *      00 "A000000727"            NAPAS GUID
 *      01 beneficiary organisation
 *         00 bank BIN (6 digits)  01 account number (≤ 19)
 *      02 "QRIBFTTA"              service: inter-bank fund transfer to an account
 *   53 "704"                      currency VND (ISO 4217)
 *   54 amount                     whole dong, no decimals
 *   58 "VN"                       country
 *   62 additional data
 *      08 purpose of transaction  the transfer's content (≤ 25)
 *   63 CRC                        CRC-16/CCITT-FALSE of everything before it, "6304" included, 4 hex digits
 */

export const NAPAS_GUID = 'A000000727';
export const SERVICE_TO_ACCOUNT = 'QRIBFTTA';
export const CURRENCY_VND = '704';

export interface VietQrTransfer {
  /** The beneficiary bank's NAPAS BIN (6 digits). */
  bin: string;
  accountNo: string;
  /** Whole dong; none for a static code the payer completes. */
  amount?: number;
  /** The transfer's content: the deposit's reference. */
  purpose?: string;
  /** '12' (default): a code for one payment; '11' a reusable one. */
  initiation?: '11' | '12';
}

const tlv = (id: string, value: string): string => {
  if (value.length > 99) throw new Error(`VietQR field ${id} is longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
};

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor) as 4 upper-case hex digits. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** Banking apps take the content as plain letters, digits and spaces: accents and the rest would be dropped. */
const PURPOSE = /^[A-Za-z0-9 ]{1,25}$/;

/** The payload of a transfer's QR code. */
export function vietQrPayload(t: VietQrTransfer): string {
  if (!/^\d{6}$/.test(t.bin)) throw new Error('VietQR bank BIN is 6 digits');
  if (!/^[0-9A-Za-z]{1,19}$/.test(t.accountNo))
    throw new Error('VietQR account number is 1–19 letters or digits');
  if (t.amount !== undefined && !(Number.isSafeInteger(t.amount) && t.amount > 0))
    throw new Error('VietQR amount is a positive whole number of dong');
  if (t.purpose !== undefined && !PURPOSE.test(t.purpose))
    throw new Error('VietQR purpose is 1–25 letters, digits or spaces');
  const beneficiary = tlv('00', t.bin) + tlv('01', t.accountNo);
  const body =
    tlv('00', '01') +
    tlv('01', t.initiation ?? '12') +
    tlv('38', tlv('00', NAPAS_GUID) + tlv('01', beneficiary) + tlv('02', SERVICE_TO_ACCOUNT)) +
    tlv('53', CURRENCY_VND) +
    (t.amount !== undefined ? tlv('54', String(t.amount)) : '') +
    tlv('58', 'VN') +
    (t.purpose !== undefined ? tlv('62', tlv('08', t.purpose)) : '') +
    '6304';
  return body + crc16(body);
}

/** Splits a TLV string into its fields (throws on a length running past the end). */
export function readTlv(text: string): Map<string, string> {
  const fields = new Map<string, string>();
  let i = 0;
  while (i < text.length) {
    const id = text.slice(i, i + 2);
    const length = Number(text.slice(i + 2, i + 4));
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(text.slice(i + 2, i + 4)) || i + 4 + length > text.length)
      throw new Error(`Malformed VietQR field at ${i}`);
    fields.set(id, text.slice(i + 4, i + 4 + length));
    i += 4 + length;
  }
  return fields;
}

/** Reads a payload back (checking its CRC): what a banking app would fill in. */
export function parseVietQr(
  payload: string,
): Required<Omit<VietQrTransfer, 'amount' | 'purpose'>> &
  Pick<VietQrTransfer, 'amount' | 'purpose'> & { currency: string; country: string } {
  const crcAt = payload.length - 4;
  if (payload.slice(crcAt - 4, crcAt) !== '6304' || crc16(payload.slice(0, crcAt)) !== payload.slice(crcAt))
    throw new Error('VietQR CRC does not match');
  const root = readTlv(payload);
  const account = readTlv(root.get('38') ?? '');
  if (account.get('00') !== NAPAS_GUID) throw new Error('Not a NAPAS VietQR code');
  const beneficiary = readTlv(account.get('01') ?? '');
  const amount = root.get('54');
  const purpose = root.has('62') ? readTlv(root.get('62')!).get('08') : undefined;
  return {
    bin: beneficiary.get('00') ?? '',
    accountNo: beneficiary.get('01') ?? '',
    initiation: root.get('01') === '11' ? '11' : '12',
    currency: root.get('53') ?? '',
    country: root.get('58') ?? '',
    ...(amount !== undefined ? { amount: Number(amount) } : {}),
    ...(purpose !== undefined ? { purpose } : {}),
  };
}
