// Prints the paths generated from each workflow machine, one line per path, in plain words:
//   npm run paths            (all machines)
//   npm run paths -- login   (the walks whose name starts with "login")
// They are the paths the machine tests walk (same machines, same representative events: machines/*.events.ts).
import type { AnyEventObject, AnyStateMachine, StateValue } from 'xstate';
import { captchaWalk } from '../machines/captcha.events.ts';
import { contractNegotiationWalks } from '../machines/contractNegotiation.events.ts';
import { forgotPasswordWalks } from '../machines/forgotPassword.events.ts';
import { gameListWalks } from '../machines/gameList.events.ts';
import { jackpotTickerWalk } from '../machines/jackpotTicker.events.ts';
import { agentLoginWalk, loginWalk } from '../machines/login.events.ts';
import { lotteryRefreshWalk } from '../machines/lotteryRefresh.events.ts';
import { registrationWalk } from '../machines/registration.events.ts';
import { sessionWalks } from '../machines/session.events.ts';
import { smsCountdownWalk } from '../machines/smsCountdown.events.ts';
import { transitionPaths } from '../machines/test/transitionPaths.ts';
import { withdrawalConfirmationWalks } from '../machines/withdrawalConfirmation.events.ts';

interface Walk {
  name: string;
  machine: AnyStateMachine;
  events: AnyEventObject[];
}

const walks: Walk[] = [
  captchaWalk,
  smsCountdownWalk,
  loginWalk,
  agentLoginWalk,
  registrationWalk,
  ...forgotPasswordWalks,
  ...sessionWalks,
  ...gameListWalks,
  jackpotTickerWalk,
  lotteryRefreshWalk,
  ...withdrawalConfirmationWalks,
  ...contractNegotiationWalks,
];

/** 'editing.termsAccepted'; parallel regions in brackets: 'settled(image.ready, throttle.open)'. */
function stateWords(value: StateValue): string {
  if (typeof value === 'string') return value;
  return Object.entries(value)
    .map(([key, child]) =>
      child && typeof child === 'object' && Object.keys(child).length > 1
        ? `${key}(${stateWords(child)})`
        : `${key}.${stateWords(child as StateValue)}`,
    )
    .join(', ');
}

/** 'done: logIn', 'error: loadMemberInfo UNAUTHORIZED', 'after tick', 'user.submit values={username,password}'. */
function eventWords(event: AnyEventObject): string {
  const parts = event.type.split('.');
  if (event.type.startsWith('xstate.done.actor.')) return `done: ${parts[3]}`;
  if (event.type.startsWith('xstate.error.actor.')) {
    const code = (event.error as { code?: string } | null)?.code;
    return `error: ${parts[3]}${code ? ` ${code}` : ''}`;
  }
  if (event.type.startsWith('xstate.after.')) return `after ${parts[2]}`;
  const details = Object.entries(event)
    .filter(([key]) => key !== 'type')
    .map(([key, v]) => (v && typeof v === 'object' ? `${key}={${Object.keys(v).join(',')}}` : `${key}=${v}`));
  return [event.type, ...details].join(' ');
}

const only = process.argv[2];
for (const walk of walks.filter((w) => !only || w.name.startsWith(only))) {
  for (const path of transitionPaths(walk.machine, walk.events)) {
    const [first, ...rest] = path.steps;
    const words = [
      stateWords(first!.state.value),
      ...rest.map((s) => `(${eventWords(s.event)}) → ${stateWords(s.state.value)}`),
    ];
    console.log(`${walk.name}: ${words.join(' → ')}`);
  }
  console.log();
}
