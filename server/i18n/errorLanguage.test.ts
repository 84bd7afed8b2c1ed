import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES } from '../../contract/constants.ts';
import { merchants } from '../db/schema/index.ts';
import { LOTTERIES, type Lottery } from '../modules/lottery/catalogue.ts';
import { previousDraw, saleState } from '../modules/lottery/schedule.ts';
import { renderMessage } from '../ports/messageTemplates.ts';
import { type TestApp, testApp } from '../test/app.ts';
import { memberWithToken } from '../test/wallet.ts';
import { TABLES } from './serverTexts.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
  // The server answers in the languages a merchant offers (server/http/locale.ts): here, every portal language.
  const offered = JSON.stringify({ languages: LOCALES.filter((l) => l !== 'en') });
  await t.database.db
    .update(merchants)
    .set({
      settings: sql`jsonb_set(${merchants.settings} || ${offered}::jsonb, '{features,LANGUAGE_LIST}', 'true'::jsonb)`,
    })
    .where(eq(merchants.code, 'PORTICO'));
});
afterAll(() => t.close());

let visitor = 0;
/** A player's call with the Language header its page sends (and `?language=` where the call has one). */
const call = async (
  language: string,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  token?: string,
) => {
  visitor += 1;
  const res = await t.app.inject({
    method,
    url,
    headers: {
      merchant: 'PORTICO',
      language,
      'x-forwarded-for': `10.77.${visitor >> 8}.${visitor & 255}`,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.json() };
};

const wrongPassword = (language: string) =>
  call(language, 'POST', '/wps/session/login', {
    type: 'username',
    username: 'ghost999',
    password: 'whatever1',
  });

const onSale = (): Lottery => LOTTERIES.find((l) => saleState(l, new Date()).remainTime > 60_000)!;
const slip = (l: Lottery, bets: object[], extra: object = {}) => ({
  requestId: randomUUID(),
  gameCode: l.code,
  issue: saleState(l, new Date()).issue,
  bets,
  ...extra,
});

describe('error envelopes in the request’s language', () => {
  it('words a wrong password in Khmer, Traditional Chinese for zh-TW, English without a language', async () => {
    expect((await wrongPassword('km')).body).toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'ឈ្មោះអ្នកប្រើ ឬពាក្យសម្ងាត់មិនត្រឹមត្រូវ',
    });
    expect((await wrongPassword('zh-TW')).body.message).toBe('使用者名稱或密碼錯誤');
    expect((await wrongPassword('pt-BR')).body.message).toBe('Nome de usuário ou senha incorretos');
    const plain = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      headers: { merchant: 'PORTICO', 'x-forwarded-for': '10.78.0.1' },
      payload: { type: 'username', username: 'ghost998', password: 'whatever1' },
    });
    expect(plain.json().message).toBe('Incorrect username or password');
  });

  it('words a closed sale, a rule’s field message and a schema’s field message in the player’s language', async () => {
    const m = await memberWithToken(t.database.db, 'kmbettor1', 500_000n);
    const l = onSale();
    const closed = await call(
      'km',
      'POST',
      '/wps/lottery/bets',
      slip(l, [{ playType: 'LO2', numbers: ['07'], points: 1 }], {
        issue: previousDraw(l, new Date()).issue,
      }),
      m.token,
    );
    expect(closed).toMatchObject({
      status: 409,
      body: { code: 'CONFLICT', message: 'ការភ្នាល់សម្រាប់ការចាប់ឆ្នោតនេះបានបិទហើយ' },
    });

    const repeated = await call(
      'km',
      'POST',
      '/wps/lottery/bets',
      slip(l, [{ playType: 'XIEN3', numbers: ['45', '46', '45'], points: 10 }]),
      m.token,
    );
    expect(repeated).toMatchObject({
      status: 400,
      body: {
        code: 'VALIDATION',
        message: TABLES.km['Some bets are not valid'],
        fields: { 'bets.0.numbers': 'លេខត្រូវតែខុសៗគ្នា' },
      },
    });

    // A game code that is not a string: zod's own words in Khmer; Burmese, which zod lacks, gets the tables' words.
    const badId = (language: string) =>
      call(
        language,
        'POST',
        '/wps/lottery/bets',
        slip(l, [{ playType: 'LO2', numbers: ['07'], points: 1 }], { gameCode: 42 }),
        m.token,
      );
    const km = await badId('km');
    expect(km.status).toBe(400);
    expect(km.body.message).toBe(TABLES.km['Please correct the marked fields']);
    expect(km.body.fields.gameCode).toMatch(/[\u1780-\u17FF]/);
    expect((await badId('my')).body.fields.gameCode).toBe(TABLES.my['Invalid value']);
    expect((await badId('en')).body.message).toBe('Invalid body');
  });

  it('words a refusal for a visitor without an account (not logged in) in Hindi', async () => {
    const res = await call('hi', 'GET', '/wps/member/info');
    expect(res).toMatchObject({
      status: 401,
      body: { code: 'UNAUTHORIZED', message: TABLES.hi['Not logged in, please login'] },
    });
  });
});

describe('messages sent in the request’s language', () => {
  it('sends a registration code by SMS in Khmer and refuses a second one in Khmer', async () => {
    const ask = async () => {
      const captcha = (await call('km', 'GET', '/wps/captcha')).body.value.captchaId as string;
      const answer = (await t.app.inject({ method: 'GET', url: `/__dev/captcha/${captcha}` })).json().value
        .answer;
      return call('km', 'POST', '/wps/verification/sms/register', {
        countryDialingCode: '+84',
        mobileNo: '0913000555',
        captchaId: captcha,
        captcha: answer,
      });
    };
    expect((await ask()).status).toBe(200);
    const sent = (await t.app.inject({ method: 'GET', url: '/__dev/outbox?to=84913000555' })).json().value[0];
    const code = /(\d{6})/.exec(sent.body)![1]!;
    const minutes = Number(/ (\d+) នាទី/.exec(sent.body)![1]);
    expect(sent.body).toBe(
      renderMessage('smsRegister', 'km', { brand: sent.body.split(':')[0], code, minutes }).body,
    );
    expect(sent.body).toContain('លេខកូដផ្ទៀងផ្ទាត់');
    expect((await ask()).body).toMatchObject({
      code: 'RATE_LIMITED',
      message: TABLES.km['A code was just sent to this number, please wait before asking again'],
    });
  });
});
