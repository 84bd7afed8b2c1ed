import { deflateSync } from 'node:zlib';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { E2E_OPS_TOKEN } from '../../playwright.config.ts';
import { headerBalance, logIn } from './session.ts';

const headers = { authorization: `Bearer ${E2E_OPS_TOKEN}` };

/** A real 1×1 PNG (the server checks pictures by their bytes, not their names). */
function png(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(1, 0);
  ihdr.writeUInt32BE(1, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.from([0, 255, 0, 0]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Signs in to the back office as a demo operator, on PORTICO's pages. */
async function operator(browser: Browser, username: string, password: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/ops?merchant=PORTICO');
  await page.getByLabel('Operator name').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('navigation', { name: 'Back office pages' })).toBeVisible();
  return page;
}

// Specs share one server: what this one posts is taken away afterwards, or later specs would meet the popup.
const cleanup: (() => Promise<unknown>)[] = [];
test.afterEach(async () => {
  for (const undo of cleanup.splice(0)) await undo();
});

test('an operator posts a popup and a promotion; a member applies with a picture, is approved and paid', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36);
  const popupTitle = `Festival ${stamp}`;
  const promoTitle = `Screenshot bonus ${stamp}`;

  // The editor posts a popup announcement and an application promotion in the back office.
  const editor = await operator(browser, 'editor', 'Editor1234');
  await editor.getByRole('link', { name: 'Announcements' }).click();
  await editor.getByRole('button', { name: 'Add announcement' }).click();
  await editor.getByLabel('Type').last().selectOption('PU');
  await editor.getByLabel(/^Title \(English/).fill(popupTitle);
  await editor.getByLabel(/^Content, HTML \(English/).fill('<p>Lanterns <b>everywhere</b></p>');
  await editor.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(editor.getByText(`Announcement "${popupTitle}" added.`)).toBeVisible();
  cleanup.push(async () => {
    const list = await (await request.get('/ops/merchants/PORTICO/notices', { headers })).json();
    for (const n of list.value.list.filter((n: { titles: { en: string } }) => n.titles.en === popupTitle))
      await request.delete(`/ops/merchants/PORTICO/notices/${n.id}`, { headers });
  });

  await editor.getByRole('link', { name: 'Promotions' }).click();
  await editor.getByRole('button', { name: 'Add promotion' }).click();
  await editor.getByLabel('Category').selectOption('DEPOSIT');
  await editor.getByLabel('Kind').selectOption('APPLY');
  await editor.getByLabel('Reward', { exact: true }).fill('25.00');
  await editor.getByLabel(/^Title \(English/).fill(promoTitle);
  await editor.getByLabel(/^Summary \(English/).fill('Send a screenshot of your deposit.');
  await editor.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(editor.getByRole('cell', { name: promoTitle, exact: true })).toBeVisible();
  cleanup.push(async () => {
    const list = await (await request.get('/ops/merchants/PORTICO/promotions', { headers })).json();
    for (const p of list.value.list.filter((p: { titles: { en: string } }) => p.titles.en === promoTitle))
      await request.patch(`/ops/promotions/${p.id}`, { headers, data: { hidden: true } });
  });

  // Members see it once a second operator, finance, approves its reward (maker-checker).
  const finance = await operator(browser, 'finance', 'Finance123');
  await finance.getByRole('link', { name: 'Pending changes' }).click();
  const draft = finance.getByRole('row').filter({ hasText: `Promotion: ${promoTitle}` });
  await expect(draft.getByText('reward: — → 2500')).toBeVisible();
  await draft.getByRole('button', { name: /^Approve change/ }).click();
  await finance.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
  await expect(finance.getByRole('status')).toContainText('is now Approved');

  // A visitor meets the popup on arrival; the member's login shows it once more, and once closed a reload does not
  // bring it back.
  await page.goto('/');
  const popup = page.getByRole('dialog', { name: popupTitle });
  await expect(popup).toBeVisible();
  await popup.getByRole('button', { name: 'OK' }).click();
  await expect(popup).toBeHidden();
  await logIn(page);
  await expect(popup).toBeVisible();
  await expect(popup.getByText('everywhere')).toBeVisible();
  await popup.getByRole('button', { name: 'Close' }).click();
  await page.reload();
  await expect(page.getByRole('button', { name: 'player01' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Notices' })).toBeVisible();
  await expect(popup).toHaveCount(0);
  const before = await headerBalance(page);

  // It applies to the promotion with a remark and a picture.
  await page.goto('/promotions');
  await page.getByRole('link', { name: new RegExp(`: ${promoTitle}$`) }).click();
  await expect(page.getByRole('heading', { name: promoTitle })).toBeVisible();
  await page.getByLabel('Remark').fill('Deposit of 100.00 this morning');
  await page
    .getByLabel('Pictures')
    .setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: png() });
  await page.getByRole('button', { name: 'Send application' }).click();
  await expect(page.getByText('Your application is being reviewed.')).toBeVisible();

  // Finance approves it, looking at the picture.
  await finance.getByRole('link', { name: 'Promotions' }).click();
  await finance
    .getByRole('group', { name: 'Promotion views' })
    .getByRole('button', { name: 'Applications' })
    .click();
  const row = finance.getByRole('row').filter({ hasText: promoTitle });
  await expect(row.getByText('Deposit of 100.00 this morning')).toBeVisible();
  await expect(row.getByRole('img')).toHaveCount(1);
  await row.getByRole('button', { name: 'Approve the application of player01' }).click();
  await finance.getByRole('button', { name: 'Approve and pay' }).click();
  await expect(finance.getByText('The application of player01 is approved: $25.00 paid.')).toBeVisible();

  // The member's page and balance show the reward.
  await page.reload();
  await expect(page.getByText('Approved: $25.00 was paid into your main wallet.')).toBeVisible();
  await expect.poll(() => headerBalance(page)).toBe(before + 2500);
});
