import { screen, within, fireEvent } from '@testing-library/react';
import { it, vi } from 'vitest';
import { demoRules } from '../../../machines/registration.events.ts';
import { RegisterForm } from './RegisterForm.tsx';
import { CAPTCHA_REPLY, fill, flush, mount, server, useFakeClock, useRealClock, visitor } from './test/harness.tsx';

vi.mock('../../api/client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/client.ts')>()),
  call: (await import('./test/harness.tsx')).server.call,
}));

const realNow = performance.now.bind(performance);
it('bench', async () => {
  useFakeClock();
  server.answerAlways('/wps/captcha', () => CAPTCHA_REPLY);
  for (let round = 0; round < 3; round++) {
    let t = realNow();
    mount(<RegisterForm rules={demoRules} countries={[{ countryCode: 'VN', countryDialingCode: '+84' }]} ageLimit={18} smsVerification usernameMode mobileMode firebase={null} onDone={() => {}} />, { router: true });
    await flush();
    const tMount = realNow() - t;
    t = realNow();
    const labels = ['Username', 'Password', 'Confirm password', 'Email', 'Mobile number', 'Invitation code', 'Captcha'];
    for (const l of labels) await fill(screen.getByLabelText(l), 'abc123');
    const tFill = realNow() - t;
    t = realNow();
    for (const l of labels) fireEvent.change(screen.getByLabelText(l), { target: { value: 'xyz' } });
    const tChange = realNow() - t;
    t = realNow();
    const f = within(screen.getByRole('form', { name: 'Register' }));
    for (const l of [...labels, 'Verification code', 'Real name']) f.queryByLabelText(l);
    f.getByRole('checkbox'); f.getByRole('button', { name: 'Register' }); f.queryByRole('alert'); screen.queryByRole('dialog', { name: 'Warning' }); screen.getByRole('tab', { name: 'By mobile' });
    const tQuery = realNow() - t;
    t = realNow();
    await visitor().click(screen.getByRole('checkbox'));
    await flush();
    const tClick = realNow() - t;
    console.log('BENCH', JSON.stringify({ tMount, tFill, tChange, tQuery, tClick }));
    document.body.innerHTML = '';
  }
  useRealClock();
});
