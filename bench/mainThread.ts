// Where a page's main-thread time went during load, from the Chrome trace Lighthouse keeps: time by category (script
// evaluation, parse/compile, style/layout, rendering …) and the longest tasks with the scripts and functions that
// spent it. Lighthouse's own tree of the trace (lighthouse/core/lib/tracehouse) reads the events.
import { MainThreadTasks } from 'lighthouse/core/lib/tracehouse/main-thread-tasks.js';
import { TraceProcessor } from 'lighthouse/core/lib/tracehouse/trace-processor.js';

interface TraceEvent {
  name: string;
  ts: number;
  dur?: number;
  args?: { data?: { url?: string; functionName?: string; type?: string; scriptName?: string } };
}
interface TaskNode {
  event: TraceEvent;
  children: TaskNode[];
  parent?: TaskNode;
  startTime: number;
  duration: number;
  selfTime: number;
  attributableURLs: string[];
  group: { id: string; label: string };
}

export interface LongTask {
  /** When it started, ms after the navigation began (observed, unthrottled). */
  start: number;
  /** Its length as Lighthouse's mobile phone would take it: observed × the CPU slowdown. */
  ms: number;
  /** Where its time went: script (function) or kind of work, with their self time (simulated ms), largest first. */
  parts: { what: string; ms: number }[];
}

export interface MainThreadWork {
  /** All main-thread work during load as the simulated phone would take it (Lighthouse's own figure), ms. */
  total: number;
  /** Lighthouse's categories (scriptEvaluation, scriptParseCompile, styleLayout, paintCompositeRender, …), ms. */
  byCategory: Record<string, number>;
  /** The longest tasks (≥ 50 ms on the phone), longest first. */
  longTasks: LongTask[];
}

const shortUrl = (url: string | undefined) => {
  if (!url) return '';
  try {
    const u = new URL(url);
    return u.pathname.replace(/^\/assets\//, '');
  } catch {
    return url.slice(0, 60);
  }
};

/** A name for the script work a trace node stands for, or undefined when it is not script work of its own. */
function scriptLabel(e: TraceEvent): string | undefined {
  const d = e.args?.data;
  switch (e.name) {
    case 'FunctionCall':
      return `${d?.functionName || '(anonymous)'} ${shortUrl(d?.url)}`.trim();
    case 'EvaluateScript':
    case 'v8.evaluateModule':
      return `evaluate ${shortUrl(d?.url)}`.trim();
    case 'v8.compile':
    case 'v8.compileModule':
    case 'v8.parseOnBackground':
      return `compile ${shortUrl(d?.url)}`.trim();
    case 'TimerFire':
      return 'timer';
    case 'EventDispatch':
      return `event ${d?.type ?? ''}`.trim();
    case 'FireAnimationFrame':
      return 'animation frame';
    case 'RunMicrotasks':
      return 'microtasks';
    default:
      return undefined;
  }
}

/** Self time of a task's tree by the nearest script label and the kind of work (style and layout stay apart). */
function partsOf(task: TaskNode, multiplier: number): LongTask['parts'] {
  const sums = new Map<string, number>();
  const walk = (node: TaskNode, label: string) => {
    const own = scriptLabel(node.event) ?? label;
    const kind =
      node.group.id === 'scriptEvaluation' || node.group.id === 'other' ? '' : ` [${node.group.label}]`;
    const key = `${own}${kind}`;
    sums.set(key, (sums.get(key) ?? 0) + node.selfTime);
    for (const c of node.children) walk(c, own);
  };
  walk(task, shortUrl(task.attributableURLs[0]) || task.event.name);
  return [...sums]
    .map(([what, ms]) => ({ what, ms: ms * multiplier }))
    .filter((p) => p.ms >= 5)
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 5);
}

/**
 * The load's main-thread work: Lighthouse's category breakdown (audit `mainthread-work-breakdown`, already scaled to
 * the simulated phone) and the trace's longest top-level tasks, scaled by the same CPU slowdown.
 */
export function mainThreadWork(
  trace: { traceEvents: TraceEvent[] },
  breakdown: { group: string; duration: number }[],
  multiplier: number,
  top = 6,
): MainThreadWork {
  const byCategory: Record<string, number> = {};
  for (const { group, duration } of breakdown) byCategory[group] = (byCategory[group] ?? 0) + duration;
  const total = Object.values(byCategory).reduce((a, b) => a + b, 0);
  let longTasks: LongTask[] = [];
  try {
    const processed = TraceProcessor.processTrace(trace);
    const tasks = MainThreadTasks.getMainThreadTasks(
      processed.mainThreadEvents,
      processed.frames,
      processed.timestamps.traceEnd,
      processed.timestamps.timeOrigin,
    ) as TaskNode[];
    longTasks = tasks
      .filter((t) => !t.parent && t.duration * multiplier >= 50)
      .sort((a, b) => b.duration - a.duration)
      .slice(0, top)
      .map((t) => ({ start: t.startTime, ms: t.duration * multiplier, parts: partsOf(t, multiplier) }));
  } catch {
    // A trace Lighthouse could not read (it failed the run too): the categories still stand.
  }
  return { total, byCategory, longTasks };
}

export function printMainThread(
  name: string,
  work: MainThreadWork,
  log: (line: string) => void = console.log,
) {
  const cats = Object.entries(work.byCategory)
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${k} ${v.toFixed(0)}`)
    .join(', ');
  log(`\n${name}: main-thread work ${work.total.toFixed(0)} ms (${cats})`);
  for (const t of work.longTasks) {
    log(`  long task at ${t.start.toFixed(0)} ms: ${t.ms.toFixed(0)} ms`);
    for (const p of t.parts) log(`    ${p.ms.toFixed(0).padStart(5)} ms  ${p.what}`);
  }
}
