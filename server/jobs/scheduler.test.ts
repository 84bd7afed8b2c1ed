import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createScheduler } from './scheduler.ts';

/** A promise the test settles. */
const gate = () => {
  let open!: () => void;
  let fail!: (err: Error) => void;
  const promise = new Promise<void>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { promise, open, fail };
};

beforeEach(() => {
  vi.useFakeTimers({ now: Date.parse('2030-01-01T00:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('job scheduler', () => {
  it('runs each job an interval after its previous run ended, never two runs at once', async () => {
    const jobs = createScheduler();
    const gates: ReturnType<typeof gate>[] = [];
    jobs.register({
      name: 'draws',
      everyMs: 5_000,
      runAtStart: true,
      run: () => {
        const g = gate();
        gates.push(g);
        return g.promise;
      },
    });
    jobs.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(gates).toHaveLength(1);
    // A slow run holds the next one back.
    await vi.advanceTimersByTimeAsync(30_000);
    expect(gates).toHaveLength(1);
    expect(jobs.status()[0]).toMatchObject({ running: true, runs: 0 });
    const joined = jobs.runNow('draws');
    expect(gates).toHaveLength(1);
    gates[0]!.open();
    await joined;
    expect(jobs.status()[0]).toMatchObject({ running: false, runs: 1, lastDurationMs: 30_000 });
    await vi.advanceTimersByTimeAsync(4_999);
    expect(gates).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(gates).toHaveLength(2);
    gates[1]!.open();
    await jobs.stop();
  });

  it('counts a failed run as a tick and a failure, and reports it through onRun', async () => {
    const seen: [string, number, unknown][] = [];
    const jobs = createScheduler({ onRun: (name, ms, err) => seen.push([name, ms, err]) });
    let fail = true;
    jobs.register({
      name: 'contracts',
      everyMs: 60_000,
      run: async () => {
        if (fail) throw new Error('settlement broke');
      },
    });
    await jobs.runNow('contracts');
    expect(jobs.status()[0]).toMatchObject({
      runs: 1,
      failures: 1,
      lastError: 'settlement broke',
      lastTick: Date.now(),
    });
    fail = false;
    await jobs.runNow('contracts');
    expect(jobs.status()[0]).toMatchObject({ runs: 2, failures: 1, lastError: undefined });
    expect(seen.map(([name, , err]) => [name, (err as Error | undefined)?.message])).toEqual([
      ['contracts', 'settlement broke'],
      ['contracts', undefined],
    ]);
    await jobs.stop();
  });

  it('calls a job late past two intervals without a tick, since the start for one that never ran', async () => {
    const jobs = createScheduler();
    const hung = gate();
    jobs.register({ name: 'lottery', everyMs: 5_000, run: () => hung.promise });
    jobs.register({ name: 'receive', everyMs: 60_000, run: async () => undefined });
    expect(jobs.lateness()).toEqual({ lottery: 'ok', receive: 'ok' });
    vi.setSystemTime(Date.now() + 3_600_000);
    // Not started: nothing is due.
    expect(jobs.lateness()).toEqual({ lottery: 'ok', receive: 'ok' });
    jobs.start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(jobs.lateness()).toEqual({ lottery: 'ok', receive: 'ok' });
    await vi.advanceTimersByTimeAsync(14_000);
    expect(jobs.lateness()).toEqual({
      lottery: 'late by 19 s: no tick in 24 s since start (every 5 s), running for 19 s',
      receive: 'ok',
    });
    hung.open();
    await vi.advanceTimersByTimeAsync(0);
    expect(jobs.lateness().lottery).toBe('ok');
    await vi.advanceTimersByTimeAsync(11_000);
    expect(jobs.lateness().lottery).toBe('ok');
    await jobs.stop();
  });

  it('stop() waits for the running run and starts no other', async () => {
    const jobs = createScheduler();
    const g = gate();
    let runs = 0;
    jobs.register({
      name: 'draws',
      everyMs: 1_000,
      runAtStart: true,
      run: () => {
        runs += 1;
        return g.promise;
      },
    });
    jobs.start();
    await vi.advanceTimersByTimeAsync(0);
    let stopped = false;
    const stopping = jobs.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(stopped).toBe(false);
    g.open();
    await stopping;
    expect(stopped).toBe(true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runs).toBe(1);
  });

  it('runs every job inside `around` (the app’s metrics context)', async () => {
    const inside: boolean[] = [];
    let depth = 0;
    const jobs = createScheduler({
      around: async (fn) => {
        depth += 1;
        try {
          return await fn();
        } finally {
          depth -= 1;
        }
      },
    });
    jobs.register({ name: 'a', everyMs: 1_000, run: async () => void inside.push(depth === 1) });
    await jobs.runNow('a');
    expect(inside).toEqual([true]);
  });

  it('runs a job at its due moment when that comes before the interval, at once when it came during the run', async () => {
    const t0 = Date.now();
    const began: number[] = [];
    let slow: ReturnType<typeof gate> | undefined;
    const jobs = createScheduler();
    jobs.register({
      name: 'draws',
      everyMs: 5_000,
      runAtStart: true,
      run: () => {
        began.push(Date.now() - t0);
        return slow?.promise ?? Promise.resolve();
      },
      // Work is due at every whole 3 s after t0.
      dueAfter: (at) => t0 + (Math.floor((at - t0) / 3_000) + 1) * 3_000,
    });
    jobs.start();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(began).toEqual([0, 3_000]);
    // The 6 s run lasts until 9.5 s, past the 9 s moment: the next run starts as it ends, not 5 s later.
    slow = gate();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(began).toEqual([0, 3_000, 6_000]);
    const held = slow;
    slow = undefined;
    await vi.advanceTimersByTimeAsync(3_500);
    held.open();
    await vi.advanceTimersByTimeAsync(0);
    expect(began).toEqual([0, 3_000, 6_000, 9_500]);
    await jobs.stop();
  });

  it('refuses a job registered twice', () => {
    const jobs = createScheduler();
    jobs.register({ name: 'a', everyMs: 1_000, run: async () => undefined });
    expect(() => jobs.register({ name: 'a', everyMs: 1_000, run: async () => undefined })).toThrow(/twice/);
  });
});
