import { eq, sql } from 'drizzle-orm';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchants } from '../../db/schema/index.ts';
import { firebaseVerifier } from '../../ports/firebase.ts';
import { type TestApp, testApp } from '../../test/app.ts';
import { client } from '../../test/auth.ts';

const PROJECT = 'portico-demo';
let t: TestApp;
let sign: (
  claims: Record<string, unknown>,
  opts?: { audience?: string; expiresIn?: string },
) => Promise<string>;

beforeAll(async () => {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  sign = (claims, opts = {}) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .setIssuer(`https://securetoken.google.com/${PROJECT}`)
      .setAudience(opts.audience ?? PROJECT)
      .setIssuedAt()
      .setExpirationTime(opts.expiresIn ?? '1h')
      .sign(privateKey);
  t = await testApp({ firebase: firebaseVerifier({ keys: [jwk] }) });
  // Only PORTICO has a Firebase project in this test.
  await t.database.db
    .update(merchants)
    .set({
      settings: sql`jsonb_set(${merchants.settings}, '{firebase}', ${JSON.stringify({
        apiKey: 'k',
        authDomain: 'portico-demo.firebaseapp.com',
        projectId: PROJECT,
        appId: 'a',
      })}::jsonb)`,
    })
    .where(eq(merchants.code, 'PORTICO'));
});
afterAll(() => t.close());

const firebaseLogin = (idToken: string, merchant = 'PORTICO') =>
  client(t.app, merchant).send('POST', '/wps/session/login', { type: 'firebase', idToken });

describe('social login with Firebase', () => {
  it('publishes the Firebase options only for merchants that have them', async () => {
    const info = async (m: string) =>
      (await client(t.app, m).send('GET', '/wps/system/whitelabel')).body.value.firebase;
    expect(await info('PORTICO')).toMatchObject({ projectId: PROJECT });
    expect(await info('LOTUS')).toBeNull();
  });

  it('creates an account on the first login and finds it again afterwards', async () => {
    const token = await sign({ sub: 'uid-1', email: 'ann@example.com', name: 'Ann' });
    const first = await firebaseLogin(token);
    expect(first.body.value.firstTimeLogin).toBe(true);
    const info = await client(t.app).send('GET', '/wps/member/info', undefined, first.body.value.token);
    expect(info.body.value).toMatchObject({ nickname: 'Ann', account: expect.stringMatching(/^s\d{8}$/) });
    const again = await firebaseLogin(await sign({ sub: 'uid-1' }));
    const infoAgain = await client(t.app).send('GET', '/wps/member/info', undefined, again.body.value.token);
    expect(infoAgain.body.value.account).toBe(info.body.value.account);
  });

  it('refuses tokens of another project, expired ones and forged ones', async () => {
    expect((await firebaseLogin(await sign({ sub: 'uid-2' }, { audience: 'other-project' }))).status).toBe(
      401,
    );
    expect((await firebaseLogin(await sign({ sub: 'uid-2' }, { expiresIn: '-1m' }))).status).toBe(401);
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({ sub: 'uid-2' })
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .setIssuer(`https://securetoken.google.com/${PROJECT}`)
      .setAudience(PROJECT)
      .setExpirationTime('1h')
      .sign(privateKey);
    expect((await firebaseLogin(forged)).body).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('is not enabled for a merchant without a Firebase project', async () => {
    expect((await firebaseLogin(await sign({ sub: 'uid-3' }), 'LOTUS')).status).toBe(403);
  });

  it('registers by mobile with a Firebase SMS token for that very number', async () => {
    const body = (idToken: string) => ({
      countryDialingCode: '+84',
      mobileNum: '0933000111',
      firebaseChannel: 'sms',
      firebaseIdToken: idToken,
      password: 'abc12345',
      confirmPassword: 'abc12345',
    });
    const other = await client(t.app).send(
      'PUT',
      '/wps/member/register/mobile',
      body(await sign({ sub: 'uid-4', phone_number: '+84933000999' })),
    );
    expect(other.body.fields.verificationCode).toBe('Verification code not valid');
    const ok = await client(t.app).send(
      'PUT',
      '/wps/member/register/mobile',
      body(await sign({ sub: 'uid-5', phone_number: '+84933000111' })),
    );
    expect(ok.body.value.account).toMatch(/^m\d{8}$/);
  });
});
