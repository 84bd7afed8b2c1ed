// The generated paths of every workflow machine (the paths its tests walk: same machines, same representative
// events, machines/*.events.ts) in plain words, and as Playwright skeletons for QA. Used by `npm run paths`.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AnyEventObject, AnyStateMachine, StateValue } from 'xstate';
import { appStatusWalk } from '../machines/appStatus.events.ts';
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
import { type GraphOptions, startPath, transitionPaths } from '../machines/test/transitionPaths.ts';
import { withdrawalConfirmationWalks } from '../machines/withdrawalConfirmation.events.ts';
import { eventLabel } from '../src/flows/labels.ts';
import { type MachineCoverage, machineCoverage } from './pathsCoverage.ts';

export interface Walk {
  name: string;
  machine: AnyStateMachine;
  events: AnyEventObject[];
  /** How its graph tells snapshots of one state value apart (the context that matters), when not the default. */
  graph?: GraphOptions;
}

export const walks: Walk[] = [
  appStatusWalk,
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
  const code = (event.error as { code?: string } | null | undefined)?.code;
  if (event.type.startsWith('xstate.')) return eventLabel(event.type) + (code ? ` ${code}` : '');
  const details = Object.entries(event)
    .filter(([key]) => key !== 'type')
    .map(([key, v]) => (v && typeof v === 'object' ? `${key}={${Object.keys(v).join(',')}}` : `${key}=${v}`));
  return [event.type, ...details].join(' ');
}

export interface PathWords {
  /** The walk's name and the whole path on one line: the readable list's line and the test's title. */
  title: string;
  start: string;
  /** '(event) → state', one a step. */
  steps: string[];
}

export function pathWords(walk: Walk): PathWords[] {
  return transitionPaths(walk.machine, walk.events, walk.graph).map((path) => {
    const [first, ...rest] = path.steps;
    const start = stateWords(first!.state.value);
    const steps = rest.map((s) => `(${eventWords(s.event)}) → ${stateWords(s.state.value)}`);
    return { title: `${walk.name}: ${[start, ...steps].join(' → ')}`, start, steps };
  });
}

/** The walks of each machine, by the machine's id (its file's name). */
export function walksByMachine(): Map<string, Walk[]> {
  const byMachine = new Map<string, Walk[]>();
  for (const walk of walks) byMachine.set(walk.machine.id, [...(byMachine.get(walk.machine.id) ?? []), walk]);
  return byMachine;
}

/** Per machine, what its generated paths (all its walks together) walk of its states, transitions and branches. */
export function coverageByMachine(): MachineCoverage[] {
  return [...walksByMachine().values()].map((machineWalks) =>
    machineCoverage(
      machineWalks[0]!.machine,
      machineWalks.flatMap((w) => [startPath(w.machine), ...transitionPaths(w.machine, w.events, w.graph)]),
    ),
  );
}

/** A Playwright file with one test a path: its steps as comments, marked unfinished until QA writes it. */
export function specSource(machine: string, paths: PathWords[]): string {
  const tests = paths.map((p) =>
    [
      `  test(${JSON.stringify(p.title)}, async ({ page }) => {`,
      `    // Start: ${p.start}`,
      ...p.steps.map((step, i) => `    // ${i + 1}. ${step}`),
      '    // TODO: do each step in the UI through `page` and check what each state shows, then remove the fixme.',
      '    test.fixme();',
      '  });',
    ].join('\n'),
  );
  return [
    `// Generated by \`npm run paths -- --out\` from machines/${machine}.machine.ts and machines/${machine}.events.ts:`,
    '// one test a generated path. Fill the tests in, then move the file into tests/e2e.',
    "import { test } from '@playwright/test';",
    '',
    `test.describe(${JSON.stringify(machine)}, () => {`,
    tests.join('\n\n'),
    '});',
    '',
  ].join('\n');
}

/** Titles told apart where two paths read the same (their events differ only in data the words leave out). */
function distinct(paths: PathWords[]): PathWords[] {
  const seen = new Map<string, number>();
  return paths.map((p) => {
    const n = (seen.get(p.title) ?? 0) + 1;
    seen.set(p.title, n);
    return n === 1 ? p : { ...p, title: `${p.title} (${n})` };
  });
}

/** Writes `<machine>.paths.txt` and `<machine>.spec.ts` per machine into `dir`; returns the files written. */
export function writePaths(dir: string): string[] {
  mkdirSync(dir, { recursive: true });
  const written: string[] = [];
  for (const [machine, machineWalks] of walksByMachine()) {
    const paths = distinct(machineWalks.flatMap(pathWords));
    const text = join(dir, `${machine}.paths.txt`);
    const spec = join(dir, `${machine}.spec.ts`);
    writeFileSync(text, `${paths.map((p) => p.title).join('\n')}\n`);
    writeFileSync(spec, specSource(machine, paths));
    written.push(text, spec);
  }
  return written;
}
