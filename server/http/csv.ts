import { Readable } from 'node:stream';
import { z } from 'zod';
import type { AnyCall } from '../../contract/call.ts';
import { minorUnits } from '../../contract/wallet.ts';

/**
 * CSV export of the back office's lists: every operator GET whose reply is `{ value: { list: [...] } }` answers
 * `?format=csv` with its rows as a spreadsheet (server/http/route.ts), so a list call added later has it too.
 */

/** The item schema of a list call's reply, if the call is a list. */
export function listItemOf(call: AnyCall): z.ZodObject | undefined {
  if (call.method !== 'GET' || call.auth !== 'ops') return undefined;
  const value = (call.response as z.ZodObject).shape?.value;
  const list = value instanceof z.ZodObject ? value.shape.list : undefined;
  const item = list instanceof z.ZodArray ? list.element : undefined;
  return item instanceof z.ZodObject ? item : undefined;
}

/** Whether the request asks for CSV (read from the raw URL: the call's query schema does not know `format`). */
export const wantsCsv = (url: string) => new URLSearchParams(url.split('?')[1] ?? '').get('format') === 'csv';

const unwrap = (s: z.ZodType): z.ZodType =>
  s instanceof z.ZodOptional || s instanceof z.ZodNullable || s instanceof z.ZodDefault
    ? unwrap(s.unwrap() as z.ZodType)
    : s;

/** Minor units as a decimal of the currency (2 places), exact for any integer. */
export function decimal(units: number | bigint): string {
  const n = BigInt(units);
  const abs = n < 0n ? -n : n;
  return `${n < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** A spreadsheet runs a cell that starts like a formula: text that does gets a leading apostrophe (OWASP). */
const FORMULA = /^[=+\-@\t\r]/;

function text(value: unknown, money: boolean): string {
  if (value === null || value === undefined) return '';
  if (money && (typeof value === 'number' || typeof value === 'bigint')) return decimal(value);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean')
    return String(value);
  const s = typeof value === 'string' ? value : JSON.stringify(value);
  return FORMULA.test(s) ? `'${s}` : s;
}

const quoted = (s: string) => (/[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s);

/** The header and a row writer for a list's item schema: one column a field, amounts as decimals. */
export function csvColumns(item: z.ZodObject) {
  const fields = Object.entries(item.shape).map(([name, schema]) => ({
    name,
    money: unwrap(schema as z.ZodType) === minorUnits,
  }));
  return {
    header: `${fields.map((f) => quoted(f.name)).join(',')}\r\n`,
    row: (r: Record<string, unknown>) =>
      `${fields.map((f) => quoted(text(r[f.name], f.money))).join(',')}\r\n`,
  };
}

/** Byte-order mark: Excel reads the file as UTF-8 only with it. */
export const BOM = '\uFEFF';

type Page = (
  query: Record<string, unknown>,
) => Promise<{ list: Record<string, unknown>[]; totalPages?: number }>;

/** The largest value a query field's schema accepts of `candidates` (the list's own page size or limit cap). */
function largest(query: z.ZodObject, raw: Record<string, unknown>, key: string, candidates: number[]) {
  return candidates.find((n) => query.safeParse({ ...raw, [key]: String(n) }).success);
}

const SIZES = [1000, 500, 200, 100, 50, 20, 10];

/**
 * The rows of a list call, page after page with the request's own filters, fetched as the response is read (so a
 * long list is never held whole): paged lists (`pageNo`, `pageSize`) are walked at their largest page size, capped
 * lists (`limit`) asked once at their cap, others once. The first page is read before anything is sent, so a
 * refusal is still an error reply.
 */
export async function csvStream(
  call: AnyCall,
  item: z.ZodObject,
  raw: Record<string, string>,
  page: Page,
): Promise<Readable> {
  const columns = csvColumns(item);
  const query = call.query as z.ZodObject | undefined;
  const shape = query?.shape ?? {};
  const size =
    query && 'pageNo' in shape && 'pageSize' in shape ? largest(query, raw, 'pageSize', SIZES) : undefined;
  const limit = query && 'limit' in shape ? largest(query, raw, 'limit', SIZES) : undefined;
  const at = (extra: Record<string, string>) =>
    (query ? query.parse({ ...raw, ...extra }) : {}) as Record<string, unknown>;
  const first = await page(
    at(size ? { pageNo: '1', pageSize: String(size) } : limit ? { limit: String(limit) } : {}),
  );
  async function* lines() {
    yield BOM + columns.header;
    let { list, totalPages } = first;
    for (let pageNo = 1; ; pageNo += 1) {
      if (list.length > 0) yield list.map(columns.row).join('');
      if (!size || list.length < size || (totalPages !== undefined && pageNo >= totalPages)) return;
      ({ list, totalPages } = await page(at({ pageNo: String(pageNo + 1), pageSize: String(size) })));
    }
  }
  return Readable.from(lines(), { objectMode: false });
}

/** `payments-2026-11-27.csv`: the list's last named path part and the day (UTC). */
export function csvFileName(path: string, at: Date): string {
  const page =
    path
      .split('/')
      .filter((p) => p && !p.startsWith(':'))
      .at(-1) ?? 'export';
  return `${page}-${at.toISOString().slice(0, 10)}.csv`;
}
