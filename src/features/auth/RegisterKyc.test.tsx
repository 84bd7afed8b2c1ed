import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RegisterFieldRule } from '../../../contract/auth.ts';
import { PATTERNS } from '../../../contract/registerRules.ts';
import { demoRules } from '../../../machines/registration.events.ts';
import {
  CAPTCHA_REPLY,
  fill,
  flush,
  mount,
  server,
  useFakeClock,
  useRealClock,
  visitor,
} from '../../test/authHarness.tsx';
import { RegisterForm } from './RegisterForm.tsx';

vi.mock('../../api/client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/client.ts')>()),
  call: (await import('../../test/authHarness.tsx')).server.call,
}));

const kyc = (field: RegisterFieldRule['field'], required: boolean, patternId = 0): RegisterFieldRule => ({
  field,
  enabled: true,
  required,
  minLength: field === 'birthday' ? 10 : 2,
  maxLength: field === 'birthday' ? 10 : 200,
  patternId,
  acceptedPattern: PATTERNS[patternId]!,
});

/** A licence that asks who its players are (the demo LOTUS merchant's fields). */
const RULES = [
  ...demoRules.filter((r) => r.field !== 'mobileNum'),
  kyc('address', true),
  kyc('nationality', true),
  kyc('occupation', false),
  kyc('sourceOfIncome', false),
  kyc('placeOfBirth', false),
  kyc('birthday', true, 11),
];

describe('registration: know-your-customer fields (spec §3, §5)', () => {
  beforeEach(() => {
    useFakeClock();
    vi.setSystemTime(new Date(2026, 10, 27, 12));
    server.reset();
    server.answerAlways('/wps/captcha', () => CAPTCHA_REPLY);
  });
  afterEach(() => useRealClock());

  const form = (ageLimit: number) =>
    mount(
      <RegisterForm
        rules={RULES}
        countries={[{ countryCode: 'VN', countryDialingCode: '+84' }]}
        ageLimit={ageLimit}
        smsVerification={false}
        usernameMode
        mobileMode={false}
        firebase={null}
        onDone={() => {}}
      />,
      { router: true },
    );
  const input = (name: string) => screen.getByLabelText(name, { exact: true }) as HTMLInputElement;

  it('shows each field the merchant switched on, the birthday as a date up to today', async () => {
    form(21);
    await flush();
    for (const name of ['Address', 'Nationality', 'Occupation', 'Source of income', 'Place of birth'])
      expect(input(name)).toBeVisible();
    expect(input('Birthday')).toHaveAttribute('type', 'date');
    expect(input('Birthday')).toHaveAttribute('max', '2026-11-27');
    expect(screen.getByText('You must be 21 years or older to register.')).toBeVisible();
  });

  it('asks for address and nationality in the spec’s words, and an age of the merchant’s minimum', async () => {
    form(21);
    await flush();
    const user = visitor();
    await fill(input('Username'), 'alice01');
    await fill(input('Password'), 'secret12');
    await fill(input('Confirm password'), 'secret12');
    await fill(input('Captcha'), '7f3k');
    await fill(input('Birthday'), '2005-11-28');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByText('Please enter your address')).toBeVisible();
    expect(screen.getByText('Please enter your nationality')).toBeVisible();
    expect(input('Birthday')).toHaveAccessibleDescription('You must be 21 years or older to register');
    expect(server.sent('/wps/member/register')).toHaveLength(0);

    await fill(input('Address'), '12 Nguyen Hue, District 1');
    await fill(input('Nationality'), 'Vietnamese');
    await fill(input('Birthday'), '2005-11-27');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await flush();
    expect(server.sent('/wps/member/register')[0]?.input.body).toMatchObject({
      address: '12 Nguyen Hue, District 1',
      nationality: 'Vietnamese',
      birthday: '2005-11-27',
    });
  });
});
