import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REMEMBERED_KEY } from '../../../contract/constants.ts';
import type { WhitelabelInfo } from '../../../contract/system.ts';
import { demoRules } from '../../../machines/registration.events.ts';
import { demoMember } from '../../../machines/session.events.ts';
import { whitelabelQuery } from '../../api/queries.ts';
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
import { LoginForm } from './LoginForm.tsx';

vi.mock('../../api/client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/client.ts')>()),
  call: (await import('../../test/authHarness.tsx')).server.call,
}));

describe('login: remember me (spec §9: 1 day)', () => {
  beforeEach(() => {
    useFakeClock();
    server.reset();
    server.answerAlways('/wps/captcha', () => CAPTCHA_REPLY);
    sessionStorage.clear();
    localStorage.clear();
  });
  afterEach(() => useRealClock());

  it('asks for a remembered session when ticked and keeps its token beyond the tab', async () => {
    mount(
      <LoginForm
        passwordRule={demoRules.find((r) => r.field === 'password')!}
        smsLogin={false}
        countries={[]}
        onDone={() => {}}
        onForgot={() => {}}
        onRegister={() => {}}
      />,
      { queryData: [[whitelabelQuery().queryKey, { firebase: null } as WhitelabelInfo]] },
    );
    const user = visitor();
    const box = screen.getByRole('checkbox', { name: 'Remember me for 1 day' });
    expect(box).not.toBeChecked();
    await fill(screen.getByLabelText('Username'), 'alice01');
    await fill(screen.getByLabelText('Password'), 'secret12');
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(server.next('/wps/session/login').input.body).toMatchObject({
      username: 'alice01',
      remember: true,
    });
    await server.reply('/wps/session/login', {
      token: 't-1',
      firstTimeLogin: false,
      mustChangePassword: null,
    });
    await flush();
    expect(sessionStorage.getItem('token')).toBe('t-1');
    expect(JSON.parse(localStorage.getItem(REMEMBERED_KEY)!)).toMatchObject({ token: 't-1' });
    await server.reply('/wps/member/info', demoMember);
  });
});
