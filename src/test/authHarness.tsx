import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterContextProvider,
} from '@tanstack/react-router';
import { act, configure, render, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { expect, vi } from 'vitest';
import {
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventFromLogic,
  getInitialSnapshot,
  getNextSnapshot,
} from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { AnyCall } from '../../contract/call.ts';
import type { Route } from '../../contract/routes.ts';
import type { FormProblem } from '../../machines/form.ts';
import { declaredTransitions, statePaths, walked } from '../../machines/test/machineGraph.ts';
import type { WalkPath, WalkStep } from '../../machines/test/transitionPaths.ts';
import { problemMessage } from '../features/auth/fieldMessages.ts';
import { contractOf } from './contractOf.ts';

/**
 * Shared by the auth path tests (`*.paths.test.tsx`): paths generated from a machine (xstate/graph) restricted to
 * what the view lets a visitor do, a fake server behind `call` (src/api/client.ts) whose replies the walk decides,
 * the providers the views need, and the coverage check.
 *
 * This module must not import src/api/client.ts (or anything that does): the test files' `vi.mock` factory imports
 * it to get `server.call`.
 */

// Role queries skip their visibility check (a `getComputedStyle` walk up the tree for every candidate, the bulk of
// a walk's time): jsdom applies none of the app's CSS, so it hides nothing anyway; closed modals are unmounted.
configure({ defaultHidden: true });

// ————————————————————————————————————————————— fake server —————————————————————————————————————————————

export interface ServerRequest {
  path: string;
  method: string;
  /** What the client passed to `call`: `{ query }`, `{ body }`, `{ params }`. */
  input: { params?: unknown; query?: unknown; body?: unknown };
  settled: boolean;
  /** The API call's contract; none for the fake Firebase client. */
  contract?: AnyCall;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** The reply as the client returns it: the contract's envelope, parsed by its response schema. */
const parse = (request: ServerRequest, value: unknown) =>
  request.contract ? request.contract.response.parse({ success: true, value }) : value;

/**
 * Stands in for `call`: records every request and leaves it pending until the walk replies (`reply`, `fail`), or
 * answers at once for paths set with `answerAlways` (calls of other machines that the walk does not steer).
 * Replies go through the contract's response schema, as the real client does, so they must have its shape.
 */
class FakeServer {
  readonly requests: ServerRequest[] = [];
  private readonly answers = new Map<string, (input: ServerRequest['input']) => unknown>();

  readonly call = (c: AnyCall | Route<AnyCall>, input: ServerRequest['input'] = {}): Promise<unknown> =>
    this.receive(c.path, c.method, input, contractOf(c));

  /** Records a request and leaves it pending. */
  receive(path: string, method: string, input: ServerRequest['input'], contract?: AnyCall): Promise<unknown> {
    return new Promise((resolve, reject) => {
      this.requests.push({ path, method, input, settled: false, contract, resolve, reject });
    });
  }

  /**
   * Every request to `path` is answered with `value(input)` at the next `flush` (inside `act`, so the view's update
   * is not left outside of it).
   */
  answerAlways(path: string, value: (input: ServerRequest['input']) => unknown): void {
    this.answers.set(path, value);
  }

  /** Answers the pending requests of `answerAlways` paths; how many there were. */
  answerStanding(): number {
    const due = this.requests.filter((r) => !r.settled && this.answers.has(r.path));
    for (const r of due) {
      r.settled = true;
      r.resolve(parse(r, this.answers.get(r.path)!(r.input)));
    }
    return due.length;
  }

  sent(path: string): ServerRequest[] {
    return this.requests.filter((r) => r.path === path);
  }

  pending(path: string): ServerRequest[] {
    return this.sent(path).filter((r) => !r.settled);
  }

  /** The oldest unanswered request to `path`; fails the test when the view sent none. */
  next(path: string): ServerRequest {
    const request = this.pending(path)[0];
    if (!request)
      throw new Error(
        `the view sent no request to ${path} (sent: ${this.requests.map((r) => r.path).join(', ') || 'none'})`,
      );
    return request;
  }

  /** Answers the oldest pending request to `path` with `{ success: true, value }`. */
  async reply(path: string, value: unknown): Promise<void> {
    const request = this.next(path);
    request.settled = true;
    const parsed = parse(request, value);
    await act(async () => request.resolve(parsed));
  }

  /** Fails the oldest pending request to `path` with `error` (an ApiError, as the real client throws). */
  async fail(path: string, error: unknown): Promise<void> {
    const request = this.next(path);
    request.settled = true;
    await act(async () => request.reject(error));
  }

  reset(): void {
    this.requests.length = 0;
    this.answers.clear();
  }
}

export const server = new FakeServer();

/**
 * Stands in for src/features/auth/firebaseClient.ts (which the Firebase actors import on demand): its SMS calls are
 * requests to 'firebase:sendSms' and 'firebase:confirmSms' that the walk answers like the server's. A test file
 * mocks the module with it: `vi.mock('./firebaseClient.ts', async () => (await import('../../test/authHarness.tsx')).fakeFirebase)`.
 */
export const fakeFirebase = {
  sendFirebaseSms: (_options: unknown, phoneNumber: string) =>
    server.receive('firebase:sendSms', 'FIREBASE', { body: { phoneNumber } }),
  confirmFirebaseSms: (code: string) => server.receive('firebase:confirmSms', 'FIREBASE', { body: { code } }),
  signInWithProvider: () => server.receive('firebase:signIn', 'FIREBASE', {}),
};

/** Firebase options of a merchant that has them (contract/system.ts `firebaseOptions`). */
export const FIREBASE_OPTIONS = {
  apiKey: 'k',
  authDomain: 'demo.firebaseapp.com',
  projectId: 'demo',
  appId: 'a',
};

/** What Firebase Auth throws: an Error with an 'auth/…' code and its own English message. */
export const firebaseError = (code: string) =>
  Object.assign(new Error(`Firebase: Error (${code}).`), { code });

/** A captcha reply of the contract's shape (contract/auth.ts `captcha`). */
export const CAPTCHA_REPLY = {
  captchaId: 'c-1',
  image: 'data:image/png;base64,AAAA',
  expiresAt: '2030-01-01T00:05:00.000Z',
};

/** What the `.events.ts` lists put in an actor's error: the fields of the envelope the real client reads. */
export interface ThrownShape {
  code: string;
  message?: string;
  fields?: Record<string, string>;
  captchaRequired?: boolean;
}

/**
 * An actor's done or error event, done by the fake server: the oldest pending request to the actor's endpoint is
 * answered with the event's output, or failed with `toError(event.error)` (the test builds the client's ApiError).
 */
export async function answerActorEvent(
  event: { type: string; output?: unknown; error?: unknown },
  endpoints: Record<string, string>,
  toError: (thrown: ThrownShape) => unknown,
): Promise<void> {
  const [, kind, , actor] = event.type.split('.');
  const path = actor ? endpoints[actor] : undefined;
  if (!path || (kind !== 'done' && kind !== 'error'))
    throw new Error(`the view has no control for ${event.type}`);
  if (kind === 'done') return server.reply(path, event.output ?? null);
  return server.fail(path, toError(event.error as ThrownShape));
}

// ————————————————————————————————————————————— rendering ———————————————————————————————————————————————

/**
 * Lets pending promise chains (actors, queries) run and React commit, without moving the fake clock; requests to
 * `answerAlways` paths are answered here, until none is left.
 */
export async function flush(): Promise<void> {
  await act(async () => {
    // A few rounds: an actor may first load a module on demand (the Firebase client) before it calls.
    for (let round = 0, quiet = 0; round < 20 && quiet < 3; round++) {
      await vi.advanceTimersByTimeAsync(0);
      quiet = server.answerStanding() === 0 ? quiet + 1 : 0;
    }
  });
}

/** Moves the fake clock (delays of the machines: countdown ticks, throttles) and lets React commit. */
export async function advance(ms: number): Promise<void> {
  await act(() => vi.advanceTimersByTimeAsync(ms));
  await flush();
}

/**
 * A form's controls by the text of their labels, found in one pass (a `getByLabelText` per field scans the document
 * each time, which makes up most of a walk's time on the registration form).
 */
export function controlsByLabel(container: HTMLElement): Map<string, HTMLElement> {
  const controls = new Map<string, HTMLElement>();
  for (const label of container.querySelectorAll('label'))
    if (label.control) controls.set(label.textContent?.trim() ?? '', label.control);
  return controls;
}

/**
 * The form's failure line (Field.tsx `FormError`): the server's message, or the spec's network message when there is
 * none — and nothing when the same words already stand under a field.
 */
export function expectFormError(
  container: HTMLElement,
  error: { code: string; message?: string } | null,
  fieldErrors: Record<string, FormProblem>,
): void {
  const alert = within(container).queryByRole('alert');
  const underAField = Object.values(fieldErrors).some(
    (p) => p.kind === 'server' && error?.message !== undefined && p.message === error.message,
  );
  if (!error || underAField) {
    expect(alert).toBeNull();
    return;
  }
  expect(alert).toHaveTextContent(
    error.code === 'NETWORK' || !error.message ? 'Network abnormal, please try again.' : error.message,
  );
}

/** A field's error line (Field.tsx: the input is invalid and described by the message), or none. */
export function expectProblem(input: HTMLElement, problem: FormProblem | undefined): void {
  if (!problem) {
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAccessibleDescription();
    return;
  }
  expect(input).toHaveAttribute('aria-invalid', 'true');
  expect(input).toHaveAccessibleDescription(
    problem.kind === 'required'
      ? 'Input must not be empty'
      : problem.kind === 'mismatch'
        ? 'Incorrect confirmation input'
        : problem.kind === 'server'
          ? problem.message
          : problemMessage(i18n, problem),
  );
}

/**
 * The visitor's hands. No pointer-events check: it walks `getComputedStyle` up the tree on every action, and jsdom
 * applies none of the app's CSS anyway.
 */
export const visitor = () =>
  userEvent.setup({
    advanceTimers: vi.advanceTimersByTime,
    pointerEventsCheck: PointerEventsCheckLevel.Never,
  });

/**
 * Fake timers that move only when the walk says so: the SMS countdown, the send throttle and the captcha throttle
 * last a second, and real time leaking into the fake clock (`shouldAdvanceTime`) could end one while a step is
 * checked. Testing Library's async wrapper (around every user-event action) drains with a `setTimeout(0)` that it
 * only moves on Jest's fake clock; the `jest` shim lets it move Vitest's (by 0 ms, so the clock keeps its time).
 */
export function useFakeClock(): void {
  vi.useFakeTimers();
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
}

export function useRealClock(): void {
  vi.unstubAllGlobals();
  vi.useRealTimers();
}

/**
 * Replaces what an input holds with `value` (a paste, so a form with many fields stays quick to fill); a field that
 * already holds it is left alone, as a visitor would.
 */
export async function fill(input: HTMLElement, value: string): Promise<void> {
  if ((input as HTMLInputElement).value === value) return;
  const user = visitor();
  await user.clear(input);
  if (value !== '') await user.paste(value);
  expect(input).toHaveValue(value);
}

export interface ViewOptions {
  /** Query cache entries the view reads (e.g. the white-label features). */
  queryData?: [QueryKey, unknown][];
  /** Views with a TanStack Router `Link` need a router in context. */
  router?: boolean;
  /** Where the router starts ('/' by default). */
  url?: string;
}

/**
 * Mounts `ui` with i18n (English, activated by src/test/setup.ts), a query client and, when asked for, a memory
 * router. Synchronous, so the first state of a walk is seen before any actor reply comes in.
 */
export function mount(ui: ReactNode, options: ViewOptions = {}): void {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  for (const [key, data] of options.queryData ?? []) queryClient.setQueryData(key, data);
  const content = options.router ? (
    <RouterContextProvider
      router={createRouter({
        routeTree: createRootRoute(),
        history: createMemoryHistory({ initialEntries: [options.url ?? '/'] }),
      })}
    >
      {ui}
    </RouterContextProvider>
  ) : (
    ui
  );
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>{content}</QueryClientProvider>
    </I18nProvider>,
  );
}

// ————————————————————————————————————————————— paths ———————————————————————————————————————————————————

type Snapshot = AnyMachineSnapshot;

/**
 * What an actor or a delay sends, which `EventFromLogic` leaves out: 'xstate.done.actor.<id>' { output },
 * 'xstate.error.actor.<id>' { error }, 'xstate.after.<delay>.<state id>'.
 */
export interface InternalEvent {
  type: `xstate.${string}`;
  output?: unknown;
  error?: unknown;
}

/** 'editing', 'changingPassword.submitting', 'settled(image.ready, throttle.cooling.quiet)'. */
export function stateWords(value: unknown): string {
  if (typeof value === 'string') return value;
  return Object.entries(value as Record<string, unknown>)
    .map(([key, child]) =>
      typeof child === 'string'
        ? `${key}.${child}`
        : Object.keys(child as object).length > 1
          ? `${key}(${stateWords(child)})`
          : `${key}.${stateWords(child)}`,
    )
    .join(', ');
}

/** 'done: logIn', 'error: logIn UNAUTHORIZED', 'after tick', 'mode.set mode=sms', 'user.submit {username,password}'. */
export function eventWords(event: { type: string; [key: string]: unknown }): string {
  const parts = event.type.split('.');
  if (event.type.startsWith('xstate.done.actor.')) return `done: ${parts[3]}`;
  if (event.type.startsWith('xstate.error.actor.')) {
    const code = (event.error as { code?: string } | null)?.code;
    return `error: ${parts[3]}${code ? ` ${code}` : ''}`;
  }
  if (event.type.startsWith('xstate.after.')) return `after ${parts[2]}`;
  const details = Object.entries(event)
    .filter(([key]) => key !== 'type')
    .map(([key, v]) => (v && typeof v === 'object' ? `{${Object.keys(v).join(',')}}` : `${key}=${v}`));
  return [event.type, ...details].join(' ');
}

const eventKey = (e: { type: string; output?: unknown; error?: unknown }) => JSON.stringify(e);

/**
 * The paths of `transitionPaths` (machines/test/transitionPaths.ts) — the shortest path to each state, then each
 * one extended by every event its last state accepts — with two differences for a walk against a view:
 *   - `offered(state)` lists the events the view lets the visitor (or the fake server, or the clock) cause in that
 *     state: an event the view has no control for is never taken;
 *   - `serialize` may tell apart states that the view shows differently although the machine's value is the same
 *     (e.g. a warning popup that takes over the form);
 * and two kinds of paths are dropped: those that are the start of a longer path (the longer one checks the same
 * screens), and extensions by a visitor's event of the same type to the same screen as another's (same transition,
 * other typing).
 */
export function viewPaths<M extends AnyStateMachine>(
  machine: M,
  offered: (state: Snapshot) => (EventFromLogic<M> | InternalEvent)[],
  serialize: (state: Snapshot) => string = (s) => JSON.stringify(s.value),
): WalkPath<M>[] {
  const offeredEvents = (s: Snapshot) => offered(s) as EventFromLogic<M>[];
  const toStates = getShortestPaths(machine, {
    events: (s) => offeredEvents(s as Snapshot),
    serializeState: (s) => serialize(s as Snapshot),
  });
  const initial = getInitialSnapshot(machine as AnyStateMachine, undefined) as Snapshot;
  // The graph keeps one snapshot per serialized state — the last one reached, by whatever route — so the snapshots
  // of its steps may carry the context of another route (e.g. the initial `editing` with the values of a failed
  // login). The walk needs the states its own events lead to: they are replayed from the initial snapshot.
  const replay = (events: EventFromLogic<M>[]): WalkStep<M>[] => {
    const steps: WalkStep<M>[] = [{ event: { type: 'xstate.init' } as EventFromLogic<M>, state: initial }];
    for (const event of events)
      steps.push({ event, state: getNextSnapshot(machine, steps.at(-1)!.state as never, event) as Snapshot });
    return steps;
  };
  const all: WalkPath<M>[] = [];
  for (const p of toStates) {
    const steps = replay(p.steps.slice(1).map((s) => s.event as EventFromLogic<M>));
    const last = steps.at(-1)!.state;
    if (serialize(last) !== serialize(p.state as Snapshot))
      throw new Error(
        `replaying the path to ${serialize(p.state as Snapshot)} leads to ${serialize(last)}: serialize the context that decides`,
      );
    if (last.status !== 'active') {
      all.push({ name: '', steps });
      continue;
    }
    // One visitor event of a type per screen it leads to: the others differ only in what was typed, to the same
    // effect. Replies are all kept — their data may be the point (a default password on an SMS login).
    const taken = new Set<string>();
    for (const event of offeredEvents(last)) {
      if (!last.can(event)) continue;
      const next = getNextSnapshot(machine, last as never, event) as Snapshot;
      const key = `${event.type} → ${serialize(next)}`;
      if (!event.type.startsWith('xstate.') && taken.has(key)) continue;
      taken.add(key);
      all.push({ name: '', steps: [...steps, { event, state: next }] });
    }
  }
  const keyOf = (p: WalkPath<M>) => `${p.steps.map((s) => eventKey(s.event)).join('\n')}\n`;
  const keys = all.map(keyOf);
  // Drop a path when an earlier one is the same, or a longer one starts with it.
  const kept = all.filter(
    (_, i) => !keys.some((k, j) => j !== i && (k === keys[i] ? j < i : k.startsWith(keys[i]!))),
  );
  const names = new Map<string, number>();
  return kept.map((p) => {
    const [first, ...rest] = p.steps;
    // Runs of the same step (a countdown's ticks) are told once: '(after tick) → counting ×59'.
    const segments = rest.map((s) => `(${eventWords(s.event as never)}) → ${stateWords(s.state.value)}`);
    const told: string[] = [];
    for (let j = 0; j < segments.length; ) {
      let k = j;
      while (segments[k + 1] === segments[j]) k++;
      told.push(k > j ? `${segments[j]} ×${k - j + 1}` : segments[j]!);
      j = k + 1;
    }
    const base = [stateWords(first!.state.value), ...told].join(' → ');
    const seen = names.get(base) ?? 0;
    names.set(base, seen + 1);
    return { ...p, name: seen ? `${base} #${seen + 1}` : base };
  });
}

/** How many times the first `upTo` + 1 steps of `path` enter a state that `is` (e.g. how many requests went out). */
export function entries<M extends AnyStateMachine>(
  path: WalkPath<M>,
  upTo: number,
  is: (state: Snapshot) => boolean,
): number {
  return path.steps
    .slice(0, upTo + 1)
    .filter((step, j) => is(step.state) && (j === 0 || !is(path.steps[j - 1]!.state))).length;
}

export interface Exclusions {
  /** Dotted state paths (as `statePaths` gives them) the view cannot reach, each with its reason in the test. */
  states?: string[];
  /** 'state.path:eventType' (as `declaredTransitions` gives them) the view cannot take. */
  transitions?: string[];
}

/**
 * The walked paths visit every state and take every declared transition of `machine`, except the documented
 * exclusions — which must exist in the machine (a stale exclusion fails) and must really not be walked.
 */
export function expectFullCoverage(
  machine: AnyStateMachine,
  paths: WalkPath<AnyStateMachine>[],
  exclusions: Exclusions,
): void {
  const seen = walked(machine, paths);
  const allStates = statePaths(machine);
  const declared = declaredTransitions(machine);
  const excludedStates = exclusions.states ?? [];
  const excludedTransitions = exclusions.transitions ?? [];
  for (const s of excludedStates) {
    expect(allStates, `excluded state ${s} is not a state of the machine`).toContain(s);
    expect(seen.states, `excluded state ${s} is walked after all`).not.toContain(s);
  }
  for (const t of excludedTransitions) {
    expect(declared, `excluded transition ${t} is not declared by the machine`).toContain(t);
    expect(seen.transitions, `excluded transition ${t} is walked after all`).not.toContain(t);
  }
  expect([...seen.states].sort()).toEqual(allStates.filter((s) => !excludedStates.includes(s)).sort());
  expect([...seen.transitions].sort()).toEqual(
    declared.filter((t) => !excludedTransitions.includes(t)).sort(),
  );
}

/**
 * Walks `path` against the view: `mountView` renders it (the first state is checked before any reply comes in),
 * then before each further step `perform` does in the UI (or the fake server, or the clock) what the step's event
 * stands for, and `expectScreen` checks what the visitor sees in the resulting state. A failure names the step.
 */
export async function walk<M extends AnyStateMachine>(
  path: WalkPath<M>,
  mountView: () => void,
  perform: (event: EventFromLogic<M> | InternalEvent, from: Snapshot, to: Snapshot) => Promise<unknown>,
  expectScreen: (state: Snapshot, stepIndex: number) => void,
): Promise<void> {
  for (const [i, step] of path.steps.entries()) {
    const where = `step ${i} (${i === 0 ? 'start' : eventWords(step.event as never)} → ${stateWords(step.state.value)})`;
    try {
      if (i === 0) mountView();
      else {
        await perform(step.event, path.steps[i - 1]!.state, step.state);
        await flush();
      }
      expectScreen(step.state, i);
      if (i === 0) await flush();
    } catch (e) {
      if (e instanceof Error) e.message = `${where}: ${e.message}`;
      throw e;
    }
  }
}
