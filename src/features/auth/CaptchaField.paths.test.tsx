import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnyMachineSnapshot, EventFromLogic } from 'xstate';
import { captchaWalk } from '../../../machines/captcha.events.ts';
import {
  type CaptchaContext,
  captchaMachine,
  REFRESH_THROTTLE_MS,
} from '../../../machines/captcha.machine.ts';
import { demoRules } from '../../../machines/registration.events.ts';
import type { WalkPath } from '../../../machines/test/transitionPaths.ts';
import { ApiError } from '../../api/client.ts';
import {
  advance,
  entries,
  expectFullCoverage,
  fill,
  type InternalEvent,
  mount,
  server,
  type ThrownShape,
  useFakeClock,
  useRealClock,
  viewPaths,
  visitor,
  walk,
} from '../../test/authHarness.tsx';
import { RegisterForm } from './RegisterForm.tsx';

vi.mock('../../api/client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/client.ts')>()),
  call: (await import('../../test/authHarness.tsx')).server.call,
}));

type M = typeof captchaWalk.machine;
/** The machine's events and those of its actors and delays. */
type Event = EventFromLogic<M> | InternalEvent;

/**
 * The captcha box as the registration form shows it: a click on the image asks for a new one (`captcha.refresh`),
 * and so does switching between the username and mobile forms (`captcha.typeChanged`). Every event of the machine
 * has its control there, so nothing is excluded.
 */
const paths = viewPaths(captchaWalk.machine, () => captchaWalk.events as Event[]);

const CAPTCHA = '/wps/captcha';
const toApiError = (e: ThrownShape) => new ApiError(e.code as ApiError['code'], e.message ?? '', e.fields, 0);

const imageButton = () => screen.getByRole('button', { name: 'New captcha image' });
const answerInput = () => within(screen.getByRole('form', { name: 'Register' })).getByLabelText('Captcha');
/** Typed into the captcha field before each reply of the server. */
const ANSWER = 'ab12';
const isReply = (e: { type: string }) => e.type.endsWith('.loadCaptcha');

async function perform(event: Event) {
  const user = visitor();
  switch (event.type) {
    case 'captcha.refresh':
      return user.click(imageButton());
    case 'captcha.typeChanged':
      // The registration type the form does not show yet.
      return user.click(screen.getByRole('tab', { selected: false }));
    case 'xstate.after.refreshThrottle.captcha.settled.throttle.cooling':
      return advance(REFRESH_THROTTLE_MS);
    case 'xstate.done.actor.loadCaptcha':
      await fill(answerInput(), ANSWER);
      // The contract's reply also says when the captcha expires.
      return server.reply(CAPTCHA, { ...(event.output as object), expiresAt: '2030-01-01T00:05:00.000Z' });
    case 'xstate.error.actor.loadCaptcha':
      await fill(answerInput(), ANSWER);
      return server.fail(CAPTCHA, toApiError(event.error as ThrownShape));
    default:
      throw new Error(`the view has no control for ${event.type}`);
  }
}

function expectScreen(path: WalkPath<M>, state: AnyMachineSnapshot, i: number) {
  const c = state.context as CaptchaContext;
  const box = imageButton();
  // The image (kept while the next one loads), or what to do without one.
  const img = box.querySelector('img');
  if (c.image) {
    expect(img).toHaveAttribute('src', c.image);
  } else {
    expect(img).toBeNull();
    expect(box).toHaveTextContent(
      state.matches({ settled: { image: 'failed' } }) ? 'Tap to retry' : 'Loading',
    );
  }
  // A new image means a new id: what was typed for the old one goes; a failed first load leaves it.
  let answer = '';
  for (let j = 1; j <= i; j++)
    if (isReply(path.steps[j]!.event))
      answer =
        (path.steps[j]!.state.context as CaptchaContext).captchaId !==
        (path.steps[j - 1]!.state.context as CaptchaContext).captchaId
          ? ''
          : ANSWER;
  expect(answerInput()).toHaveValue(answer);
  // Spec §9: loads at most once a second — a click while cooling waits for the second to end, none is lost.
  expect(server.sent(CAPTCHA)).toHaveLength(entries(path, i, (s) => s.matches('loading')));
}

describe('captcha: paths generated from the machine, walked against the captcha of RegisterForm', () => {
  beforeEach(() => {
    useFakeClock();
    server.reset();
  });
  afterEach(() => {
    useRealClock();
  });

  it('cover every state and transition', () => {
    expectFullCoverage(captchaMachine, paths, {});
  });

  it.each(paths.map((p) => [p.name, p] as const))('%s', async (_name, path) => {
    await walk(
      path,
      () =>
        mount(
          <RegisterForm
            rules={demoRules}
            countries={[{ countryCode: 'VN', countryDialingCode: '+84' }]}
            ageLimit={18}
            smsVerification
            usernameMode
            mobileMode
            firebase={null}
            onDone={() => {}}
          />,
          { router: true },
        ),
      perform,
      (state, i) => expectScreen(path, state, i),
    );
  });
});
