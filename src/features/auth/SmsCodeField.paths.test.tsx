import { screen, within } from '@testing-library/react';
import { useId, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnyMachineSnapshot, EventFromLogic } from 'xstate';
import { smsCountdownWalk } from '../../../machines/smsCountdown.events.ts';
import {
  SEND_THROTTLE_MS,
  type SmsCodeSent,
  type SmsCountdownContext,
  smsCountdownMachine,
  TOO_MANY_REQUESTS,
  TOO_MANY_REQUESTS_BLOCK_MS,
} from '../../../machines/smsCountdown.machine.ts';
import { doneEvent, errorEvent, withInput } from '../../../machines/test/machineGraph.ts';
import type { WalkPath } from '../../../machines/test/transitionPaths.ts';
import { ApiError } from '../../api/client.ts';
import {
  advance,
  CAPTCHA_REPLY,
  entries,
  expectFullCoverage,
  FIREBASE_OPTIONS,
  fill,
  firebaseError,
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
import { firebaseSmsSender } from './actors.ts';
import { SmsCodeField } from './SmsCodeField.tsx';

vi.mock('../../api/client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/client.ts')>()),
  call: (await import('../../test/authHarness.tsx')).server.call,
}));
vi.mock('./firebaseClient.ts', async () => (await import('../../test/authHarness.tsx')).fakeFirebase);

type M = typeof smsCountdownWalk.machine;
/** The machine's events and those of its actors and delays. */
type Event = EventFromLogic<M> | InternalEvent;

/**
 * The machine's representative events; the code that lasts two minutes lasts one here, so that the walk counts a
 * whole countdown (60 ticks) down to the button coming back.
 */
const EVENTS = smsCountdownWalk.events.map((e: Event) =>
  e.type === 'xstate.done.actor.sendCode' && (e.output as SmsCodeSent).expiredMinutes === 2
    ? doneEvent<M>('sendCode', { expiredMinutes: 1, expirationTime: '2030-01-01T00:01:00.000Z' })
    : e,
) as Event[];

const failsWith = (e: Event, code: string) =>
  e.type === 'xstate.error.actor.sendCode' && (e.error as ThrownShape).code === code;

/**
 * Two senders, as SmsCodeField has them: our server (the button counts `expiredMinutes` × 60 s), and Firebase for
 * merchants with Firebase options (60 s; only Firebase answers 'auth/too-many-requests', which blocks the button
 * for 5 minutes). Firebase words its failures with 'auth/…' codes: its invalid number is 'auth/invalid-phone-number'.
 */
const WALKS = (['server', 'firebase'] as const).map((sender) => {
  const firebase = sender === 'firebase';
  // Only our server answers too soon with the seconds left (RATE_LIMITED), only Firebase 'auth/too-many-requests'.
  // Firebase brings its own reCAPTCHA: the field then shows no captcha to answer.
  const events = EVENTS.filter((e) =>
    firebase
      ? !failsWith(e, 'RATE_LIMITED') && e.type !== 'captcha.answer'
      : !failsWith(e, TOO_MANY_REQUESTS),
  ).map((e) =>
    firebase && failsWith(e, 'VALIDATION')
      ? errorEvent<M>('sendCode', { code: 'auth/invalid-phone-number' })
      : e,
  );
  /** The warning's OK (`error.dismiss`) exists only while the warning shows. */
  const offered = (s: AnyMachineSnapshot) =>
    events.filter((e) => e.type !== 'error.dismiss' || (s.context as SmsCountdownContext).error !== null);
  // Each second of the countdown is a screen of its own (the button shows it): the walk goes down to the last one.
  const paths = viewPaths(withInput(smsCountdownMachine, { firebase }), offered, (s) =>
    s.matches('counting')
      ? `counting ${(s.context as SmsCountdownContext).secondsLeft}${(s.context as SmsCountdownContext).tooSoon ? ' too soon' : ''}`
      : JSON.stringify(s.value),
  );
  return { sender, firebase, paths };
});

const SEND = { server: '/wps/verification/sms/register', firebase: 'firebase:sendSms' };
const toApiError = (e: ThrownShape & { extra?: ApiError['extra'] }) =>
  new ApiError(
    e.code as ApiError['code'],
    e.message ?? '',
    e.fields,
    e.extra ? 429 : 400,
    e.captchaRequired,
    e.extra,
  );
/** Spec §8 words for Firebase's codes (firebaseErrors.ts). */
const FIREBASE_WORDS: Record<string, string> = {
  'auth/invalid-phone-number': 'Invalid phone number format',
  [TOO_MANY_REQUESTS]: 'Too many requests, try again after 5 minutes',
};

/** The field as a registration form places it: a mobile number input decides whether a code may be asked for. */
function SmsCodeHost({ firebase }: { firebase: boolean }) {
  const id = useId();
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [firebaseSender] = useState(() =>
    firebase ? firebaseSmsSender(FIREBASE_OPTIONS, () => null) : undefined,
  );
  const mobileNo = mobile.trim();
  return (
    <>
      <label htmlFor={id}>Mobile number</label>
      <input id={id} type="tel" value={mobile} onChange={(e) => setMobile(e.target.value)} />
      <SmsCodeField
        purpose="register"
        request={{ countryDialingCode: '+84', mobileNo }}
        mobileValid={/^\d{6,15}$/.test(mobileNo)}
        value={code}
        onChange={setCode}
        firebaseSender={firebaseSender}
      />
    </>
  );
}

const CAPTCHA_ANSWER = 'ab12';
const codeButton = () => screen.getByRole('button', { name: /^(Send code|\d+ s)$/ });

/** Does in the UI, the fake server or Firebase, or on the clock, what the machine event stands for. */
async function perform(event: Event, firebase: boolean) {
  switch (event.type) {
    case 'code.request':
      await fill(screen.getByLabelText('Mobile number'), event.mobileValid ? event.request.mobileNo : '12');
      // Our server sends a code only with a solved captcha; Firebase brings its own reCAPTCHA.
      if (!firebase) await fill(screen.getByLabelText('Captcha for the code'), CAPTCHA_ANSWER);
      return visitor().click(codeButton());
    case 'captcha.answer':
      return fill(screen.getByLabelText('Captcha for the code'), event.captcha);
    case 'error.dismiss':
      return visitor().click(
        within(screen.getByRole('alertdialog', { name: 'SMS not sent' })).getByRole('button', { name: 'OK' }),
      );
    case 'xstate.after.tick.smsCountdown.counting':
      return advance(1000);
    case 'xstate.after.sendThrottle.smsCountdown.throttled':
      return advance(SEND_THROTTLE_MS);
    case 'xstate.after.tooManyRequestsBlock.smsCountdown.blocked':
      return advance(TOO_MANY_REQUESTS_BLOCK_MS);
    case 'xstate.done.actor.sendCode':
      // Firebase sends and says nothing more; our server replies with the code's validity.
      return firebase ? server.reply(SEND.firebase, undefined) : server.reply(SEND.server, event.output);
    case 'xstate.error.actor.sendCode': {
      const e = event.error as ThrownShape;
      return firebase
        ? server.fail(SEND.firebase, firebaseError(e.code))
        : server.fail(SEND.server, toApiError(e));
    }
    default:
      throw new Error(`the view has no control for ${event.type}`);
  }
}

/** What the visitor must see in each state (and what went out to get there). */
function expectScreen(path: WalkPath<M>, firebase: boolean, state: AnyMachineSnapshot, i: number) {
  const c = state.context as SmsCountdownContext;
  const button = codeButton();
  // The button: pressable only when enabled, the seconds left while counting.
  expect(button).toHaveTextContent(state.matches('counting') ? `${c.secondsLeft} s` : 'Send code');
  if (state.matches('enabled')) expect(button).toBeEnabled();
  else expect(button).toBeDisabled();
  // The warning (spec §8): the server's message, or Firebase's code in the spec's words; kept until OK.
  const warning = screen.queryByRole('alertdialog', { name: 'SMS not sent' });
  if (c.error)
    expect(warning).toHaveTextContent(FIREBASE_WORDS[c.error.code] ?? c.error.message ?? 'Unknown error');
  else expect(warning).toBeNull();
  // Refused as too soon: no warning, but the reason and the seconds left, counting down with the button.
  const wait = screen.queryByRole('status');
  if (state.matches('counting') && c.tooSoon)
    expect(wait).toHaveTextContent(
      `A code was sent to this number a moment ago. You can ask for a new one in ${c.secondsLeft} ${c.secondsLeft === 1 ? 'second' : 'seconds'}.`,
    );
  else expect(wait).toBeNull();
  // One request per press that went through; none while counting, throttled or blocked.
  const send = firebase ? SEND.firebase : SEND.server;
  expect(server.sent(send)).toHaveLength(entries(path, i, (s) => s.matches('sending')));
  // Firebase gets the number in E.164.
  if (state.matches('sending'))
    expect(server.next(send).input).toEqual({
      body: firebase
        ? { phoneNumber: '+84912345678' }
        : { ...c.request, captchaId: CAPTCHA_REPLY.captchaId, captcha: CAPTCHA_ANSWER },
    });
  if (firebase) expect(screen.queryByLabelText('Captcha for the code')).toBeNull();
}

describe('SMS code button: paths generated from the machine, walked against SmsCodeField', () => {
  beforeEach(() => {
    useFakeClock();
    server.reset();
    server.answerAlways('/wps/captcha', () => CAPTCHA_REPLY);
  });
  afterEach(() => {
    useRealClock();
  });

  it('cover every state and transition (both senders together)', () => {
    expectFullCoverage(
      smsCountdownMachine,
      WALKS.flatMap((w) => w.paths),
      {},
    );
  });

  it.each(WALKS.flatMap((w) => w.paths.map((p) => [`${w.sender}: ${p.name}`, w.firebase, p] as const)))(
    '%s',
    async (_name, firebase, path) => {
      await walk(
        path,
        () => mount(<SmsCodeHost firebase={firebase} />),
        (event) => perform(event, firebase),
        (state, i) => expectScreen(path, firebase, state, i),
      );
    },
  );
});
