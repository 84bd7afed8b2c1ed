/** A background job: `run` once every `everyMs` (counted from the end of the previous run, so runs never overlap). */
export interface JobSpec {
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
  /** The first run at start rather than one interval later. */
  runAtStart?: boolean;
  /**
   * A moment (ms) the job has work due, given when its last run began: the next run starts then if that comes
   * before `everyMs` (the lottery draws at each draw time rather than up to an interval late). A moment already
   * past runs it at once.
   */
  dueAfter?: (began: number) => number | undefined;
}

/** What the scheduler knows of a job (readiness and metrics read it). */
export interface JobState {
  name: string;
  everyMs: number;
  /** When the last run ended, well or not (ms); undefined before the first. */
  lastTick?: number;
  runs: number;
  failures: number;
  lastDurationMs?: number;
  /** The message of the last run's failure; cleared by a run that ends well. */
  lastError?: string;
  running: boolean;
}

export interface SchedulerOptions {
  /** Milliseconds now (tests move it). */
  now?: () => number;
  /** Around every run: the app runs jobs in its metrics context, so their ledger postings are counted. */
  around?: <T>(fn: () => Promise<T>) => Promise<T>;
  /** After every run, with its duration and its error when it failed. */
  onRun?: (name: string, ms: number, err?: unknown) => void;
}

interface Job extends JobState {
  spec: JobSpec;
  timer?: NodeJS.Timeout;
  current?: Promise<void>;
  /** When the running run began. */
  began?: number;
}

/**
 * The process's background jobs. A run counts as a tick when it ends, whatever it did: a job wrapped in
 * `database.exclusive` that waited for (or gave way to) another process holding the lock still shows that this
 * process's scheduler is alive, which is what readiness asks; whether the work was done is the ledger's business.
 * A run that hangs does not tick, so readiness notices it.
 */
export function createScheduler({ now = Date.now, around = (fn) => fn(), onRun }: SchedulerOptions = {}) {
  const jobs = new Map<string, Job>();
  let startedAt: number | undefined;
  let stopped = false;

  function plan(job: Job, delay: number) {
    if (stopped) return;
    job.timer = setTimeout(() => {
      void runJob(job);
    }, delay);
    // The server keeps the process alive, not a job's next tick (tests end without stopping).
    job.timer.unref();
  }

  function runJob(job: Job): Promise<void> {
    if (job.current) return job.current;
    clearTimeout(job.timer);
    const began = now();
    job.began = began;
    job.running = true;
    job.current = around(job.spec.run)
      .then(
        () => {
          job.lastError = undefined;
          onRun?.(job.name, now() - began);
        },
        (err: unknown) => {
          job.failures += 1;
          job.lastError = err instanceof Error ? err.message : String(err);
          onRun?.(job.name, now() - began, err);
        },
      )
      .finally(() => {
        job.runs += 1;
        job.lastTick = now();
        job.lastDurationMs = job.lastTick - began;
        job.running = false;
        job.current = undefined;
        const due = job.spec.dueAfter?.(began);
        plan(job, due === undefined ? job.everyMs : Math.min(job.everyMs, Math.max(0, due - now())));
      });
    return job.current;
  }

  return {
    register(spec: JobSpec): void {
      if (jobs.has(spec.name)) throw new Error(`job ${spec.name} is registered twice`);
      const job: Job = { spec, name: spec.name, everyMs: spec.everyMs, runs: 0, failures: 0, running: false };
      jobs.set(spec.name, job);
      if (startedAt !== undefined) plan(job, spec.runAtStart ? 0 : spec.everyMs);
    },

    start(): void {
      if (startedAt !== undefined || stopped) return;
      startedAt = now();
      for (const job of jobs.values()) plan(job, job.spec.runAtStart ? 0 : job.everyMs);
    },

    /** Runs a job now (or joins its running run) and resolves when it ended. */
    runNow(name: string): Promise<void> {
      const job = jobs.get(name);
      if (!job) return Promise.reject(new Error(`no job ${name}`));
      return runJob(job);
    },

    /** No run starts after this; resolves once the running ones ended (shutdown drains them). */
    async stop(): Promise<void> {
      stopped = true;
      for (const job of jobs.values()) clearTimeout(job.timer);
      await Promise.all([...jobs.values()].map((j) => j.current));
    },

    status(): JobState[] {
      return [...jobs.values()].map(
        ({ spec: _spec, timer: _timer, current: _current, began: _began, ...state }) => state,
      );
    },

    /**
     * Jobs that did not tick within two intervals (since the last tick, or since the start for one that never ran),
     * with what readiness says about each; the others are `ok`. Nothing is late before the scheduler starts.
     */
    lateness(): Record<string, string> {
      const at = now();
      const report: Record<string, string> = {};
      for (const job of jobs.values()) {
        const since = job.lastTick ?? startedAt;
        const age = since === undefined ? 0 : at - since;
        if (stopped || age <= 2 * job.everyMs) {
          report[job.name] = 'ok';
          continue;
        }
        const s = (ms: number) => `${Math.round(ms / 1000)} s`;
        const what =
          job.lastTick === undefined ? `no tick in ${s(age)} since start` : `last tick ${s(age)} ago`;
        const why = job.running && job.began !== undefined ? `, running for ${s(at - job.began)}` : '';
        report[job.name] = `late by ${s(age - job.everyMs)}: ${what} (every ${s(job.everyMs)})${why}`;
      }
      return report;
    },
  };
}
export type Scheduler = ReturnType<typeof createScheduler>;
