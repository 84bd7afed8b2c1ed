// Cost as work grows (issue 29, item 6): the game list and the lottery centre's calls at the default scale (the demo
// catalogue, 1,529 listed games of which 1,200 RNG, and 1 day of draws and tickets) and, with `--scale large`, at 20,000 games and 90
// days of draws and tickets, side by side in one run, with each call's large / default ratio against the 2× target
// and the query plans (EXPLAIN (ANALYZE, BUFFERS)) of every query the calls run at the largest scale measured.
//
//   npx tsx bench/scale.ts [--scale default|large --samples 30 --only pglite|postgres --plans file.md --summary f.json]
//
// Calls go to the services, not over HTTP: a route-level cache would hide the query cost this bench is about.
// "cold" is a call's first run on a freshly seeded database (plans not yet cached, pages maybe not in the buffer
// cache), "warm" the median of `--samples` runs after it. Each scale gets a fresh database (PGlite in a temporary
// folder; PostgreSQL: a fresh database in DATABASE_URL's server or a throwaway cluster, see bench/postgres.ts).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { type Database, type DatabaseSource, migrateDatabase, openDatabase } from '../server/db/client.ts';
import { members } from '../server/db/schema/index.ts';
import { seedDatabase } from '../server/db/seed/index.ts';
import { seedLotteryHistory } from '../server/db/seed/lotteryHistory.ts';
import type { Member } from '../server/modules/auth/sessions.ts';
import { createGameListService } from '../server/modules/games/list.ts';
import { createDrawEngine } from '../server/modules/lottery/draws.ts';
import { createLotteryService } from '../server/modules/lottery/service.ts';
import { createRulesStore } from '../server/modules/rules/store.ts';
import { statementRecorder } from '../server/test/statements.ts';
import { adminUrl, cleanupStack, freshDatabase } from './postgres.ts';
import { SCALES, type ScaleName, seedScale } from './scaleSeed.ts';

const { values: args } = parseArgs({
  options: {
    scale: { type: 'string', default: 'large' },
    samples: { type: 'string', default: '30' },
    only: { type: 'string' },
    plans: { type: 'string' },
    summary: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (args.help) {
  console.log(
    'Usage: npx tsx bench/scale.ts [--scale default|large] [--samples n] [--only pglite|postgres] [--plans file.md] [--summary file.json]',
  );
  process.exit(0);
}
if (args.scale !== 'default' && args.scale !== 'large')
  throw new Error(`--scale must be default or large, got "${args.scale}"`);
if (args.only && args.only !== 'pglite' && args.only !== 'postgres')
  throw new Error(`--only must be pglite or postgres, got "${args.only}"`);
// 0: one run of each call (its plans are the point, e.g. while another bench holds .tmp/bench.lock).
const samples = Math.max(0, Math.round(Number(args.samples ?? 30)));
const scales: ScaleName[] = args.scale === 'large' ? ['default', 'large'] : ['default'];
const TARGET = 2;
const MERCHANT = 'PORTICO';
const MEMBER = 'player01';

type Call = {
  name: string;
  area: 'game list' | 'lottery centre' | 'lottery centre tabs' | 'lottery page';
  run: () => Promise<unknown>;
};

interface Figure {
  backend: string;
  scale: ScaleName;
  call: string;
  area: Call['area'];
  cold: number;
  warm: number;
}

const cleanups = cleanupStack();

/** The statements a call sends, explained with their parameters. */
function recorder(database: Database) {
  const { send, capture } = statementRecorder(database);
  return {
    capture,
    async explain(text: string, params: unknown[]): Promise<string> {
      const q = `explain (analyze, buffers) ${text}`;
      try {
        const r = (await send(q, params)) as { rows: Record<string, unknown>[] };
        return r.rows.map((row) => String(Object.values(row)[0])).join('\n');
      } catch (err) {
        // A plan that cannot be had is reported, not allowed to lose the run's figures.
        return `(no plan: ${(err as Error).message})`;
      }
    },
  };
}

function callsOf(database: Database, member: Member, firstName: string): Call[] {
  const { db } = database;
  const lists = createGameListService(db);
  const noGuard = { checkPlay: async () => undefined } as unknown as Parameters<
    typeof createLotteryService
  >[1]['guard'];
  const lottery = createLotteryService(db, {
    rules: createRulesStore(db),
    guard: noGuard,
    engine: createDrawEngine(db),
  });
  const list = (q: Record<string, unknown>) => () =>
    lists.list(MERCHANT, 'en', { pageNo: 1, pageSize: 42, ...q } as Parameters<typeof lists.list>[2]);
  return [
    { area: 'game list', name: 'list, all types, page 1', run: list({}) },
    { area: 'game list', name: 'list RNG, page 1', run: list({ gameType: 'RNG' }) },
    {
      area: 'game list',
      name: 'list RNG vendor PT, page 1',
      run: list({ gameType: 'RNG', vassalage: 'PT' }),
    },
    { area: 'game list', name: `list search "${firstName}"`, run: list({ gameName: firstName }) },
    { area: 'game list', name: 'list RNG, page 20', run: list({ gameType: 'RNG', pageNo: 20 }) },
    { area: 'game list', name: 'hot', run: () => lists.hot(MERCHANT, 'en') },
    { area: 'lottery centre', name: 'menu Lott', run: () => lottery.menu(MERCHANT, 'Lott') },
    { area: 'lottery centre', name: 'menu Elott', run: () => lottery.menu(MERCHANT, 'Elott') },
    {
      area: 'lottery centre',
      name: 'recent results Lott ×1',
      run: () => lottery.recent(MERCHANT, 'Lott', 1),
    },
    {
      area: 'lottery centre',
      name: 'recent results Elott ×1',
      run: () => lottery.recent(MERCHANT, 'Elott', 1),
    },
    { area: 'lottery centre tabs', name: 'popular 20', run: () => lottery.popular(MERCHANT, 20) },
    {
      area: 'lottery centre tabs',
      name: `recent menu (${MEMBER})`,
      run: () => lottery.recentMenu(MERCHANT, member, 'Lott'),
    },
    { area: 'lottery page', name: 'results XSMB ×100', run: () => lottery.opened(MERCHANT, 'XSMB', 100) },
    {
      area: 'lottery page',
      name: `my bets (${MEMBER}), page 1`,
      run: () => lottery.myBets(MERCHANT, member, { pageNo: 1, pageSize: 20 }),
    },
  ];
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};
async function timed(run: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await run();
  return performance.now() - t;
}

async function benchScale(backend: string, source: DatabaseSource, scale: ScaleName, plans: string[]) {
  const started = Date.now();
  const database = await openDatabase(source);
  cleanups.push(() => database.close());
  await migrateDatabase(database);
  await seedDatabase(database);
  // The demo's own history, one day: drawn, revealed and settled by the draw engine; older days are copies of it.
  await seedLotteryHistory(database, new Date(), 1);
  const seeded = Date.now();
  const added = await seedScale(database.db, MERCHANT, SCALES[scale]);
  console.log(
    `${backend} ${scale}: demo seed ${((seeded - started) / 1000).toFixed(1)} s, then ${added.games} games, ` +
      `${added.draws} draws, ${added.tickets} tickets in ${((Date.now() - seeded) / 1000).toFixed(1)} s`,
  );
  const [row] = await database.db
    .select()
    .from(members)
    .where(and(eq(members.merchantCode, MERCHANT), eq(members.account, MEMBER)));
  if (!row) throw new Error(`the seed has no member ${MEMBER}`);
  const member = row as unknown as Member;
  const calls = callsOf(database, member, 'Dragon');
  const rec = recorder(database);
  const figures: Figure[] = [];
  for (const c of calls) {
    const cold = await timed(c.run);
    const runs: number[] = [];
    for (let i = 0; i < samples; i++) runs.push(await timed(c.run));
    figures.push({
      backend,
      scale,
      call: c.name,
      area: c.area,
      cold,
      warm: runs.length ? median(runs) : cold,
    });
  }
  if (scale === scales.at(-1)) {
    plans.push(`## ${backend}, ${scale} scale (${SCALES[scale].games} games, ${SCALES[scale].days} days)\n`);
    for (const c of calls) {
      const statements = await rec.capture(c.run);
      for (const [i, s] of statements.entries()) {
        if (/^\s*(begin|commit|rollback|set |select pg_advisory)/i.test(s.text)) continue;
        plans.push(
          `### ${c.name}${statements.length > 1 ? ` (query ${i + 1})` : ''}\n\n\`\`\`sql\n${s.text}\n-- ${JSON.stringify(s.params)}\n\`\`\`\n\n\`\`\`\n${await rec.explain(s.text, s.params)}\n\`\`\`\n`,
        );
      }
    }
  }
  await cleanups.run();
  return figures;
}

async function benchBackend(
  backend: string,
  source: () => Promise<DatabaseSource | string>,
  plans: string[],
) {
  const figures: Figure[] = [];
  for (const scale of scales) {
    const s = await source();
    if (typeof s === 'string') {
      console.log(`${backend} skipped: ${s}`);
      return figures;
    }
    figures.push(...(await benchScale(backend, s, scale, plans)));
  }
  return figures;
}

const pglite = async (): Promise<DatabaseSource> => {
  const dir = mkdtempSync(join(tmpdir(), 'portico-bench-scale-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return { kind: 'pglite', dataDir: dir };
};
let serial = 0;
const postgres = async (): Promise<DatabaseSource | string> => {
  const admin = await adminUrl(cleanups);
  if (!admin.url) return admin.why ?? 'no PostgreSQL';
  const url = await freshDatabase(admin.url, `portico_scale_${process.pid}_${serial++}`, cleanups);
  return { kind: 'postgres', url };
};

console.log(
  `Scale bench: ${scales.map((s) => `${s} (${JSON.stringify(SCALES[s])})`).join(' vs ')}; ${samples} warm samples; ` +
    `Node ${process.version}, ${cpus().length} CPUs, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
);
const figures: Figure[] = [];
const plans: string[] = [];
try {
  if (args.only !== 'postgres') figures.push(...(await benchBackend('PGlite', pglite, plans)));
  if (args.only !== 'pglite') figures.push(...(await benchBackend('PostgreSQL', postgres, plans)));
} finally {
  await cleanups.run();
}

interface Ratio {
  backend: string;
  call: string;
  area: string;
  base: Figure;
  large?: Figure;
  ratio?: number;
}
const ratios: Ratio[] = figures
  .filter((f) => f.scale === 'default')
  .map((base) => {
    const large = figures.find(
      (f) => f.backend === base.backend && f.call === base.call && f.scale === 'large',
    );
    return {
      backend: base.backend,
      call: base.call,
      area: base.area,
      base,
      large,
      ratio: large && large.warm / base.warm,
    };
  });
// The lottery centre opens with all its calls: its figure is their sum.
for (const backend of new Set(ratios.map((r) => r.backend))) {
  const centre = ratios.filter((r) => r.backend === backend && r.area === 'lottery centre');
  const sum = (pick: (r: Ratio) => Figure | undefined, k: 'cold' | 'warm') =>
    centre.reduce((s, r) => s + (pick(r)?.[k] ?? 0), 0);
  const base: Figure = {
    ...centre[0]!.base,
    call: 'lottery centre opening, all calls',
    cold: sum((r) => r.base, 'cold'),
    warm: sum((r) => r.base, 'warm'),
  };
  const large = centre[0]?.large && {
    ...centre[0].large,
    call: base.call,
    cold: sum((r) => r.large, 'cold'),
    warm: sum((r) => r.large, 'warm'),
  };
  ratios.push({
    backend,
    call: base.call,
    area: 'lottery centre',
    base,
    large,
    ratio: large && large.warm / base.warm,
  });
}

const ms = (n?: number) => (n === undefined ? '—' : n.toFixed(n < 10 ? 2 : 1));
const header = [
  'backend',
  'call',
  'default cold',
  'default warm',
  'large cold',
  'large warm',
  'large ÷ default',
  'target',
];
const cells = ratios.map((r) => [
  r.backend,
  r.call,
  ms(r.base.cold),
  ms(r.base.warm),
  ms(r.large?.cold),
  ms(r.large?.warm),
  r.ratio === undefined ? '—' : `${r.ratio.toFixed(2)}×`,
  r.ratio === undefined ? `≤ ${TARGET}×` : r.ratio <= TARGET ? `≤ ${TARGET}× ok` : `≤ ${TARGET}× MISS`,
]);
const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
const line = (c: string[]) =>
  c.map((v, i) => (i >= 2 ? v.padStart(widths[i]!) : v.padEnd(widths[i]!))).join('  ');
console.log(
  `\nmilliseconds per call (service, uncached)\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`,
);
for (const c of cells) console.log(line(c));
console.log(`load average ${loadavg()[0]!.toFixed(1)} at the end`);
if (args.plans) {
  writeFileSync(
    args.plans,
    `# Query plans of the scale bench (${new Date().toISOString()})\n\n${plans.join('\n')}`,
  );
  console.log(`query plans written to ${args.plans}`);
} else if (plans.length > 0) console.log(`\n${plans.join('\n')}`);
if (args.summary) writeFileSync(args.summary, JSON.stringify({ target: TARGET, rows: ratios }, null, 2));
