import { cryptoRandom } from '../../modules/inhouse/random.ts';
import { LOTTERIES } from '../../modules/lottery/catalogue.ts';
import { createDrawEngine } from '../../modules/lottery/draws.ts';
import { commitDraw, STRUCTURES } from '../../modules/lottery/prizes.ts';
import { drawsBetween } from '../../modules/lottery/schedule.ts';
import type { Database } from '../client.ts';
import { lotteryDraws } from '../schema/index.ts';

/** How far back the demo's lottery history goes by default. */
export const HISTORY_DAYS = 7;
const DAY = 86_400_000;
const BATCH = 500;

/**
 * The demo's past draws: every lottery's draws of the last `days` days, so the lottery centre and the
 * results pages show history on a fresh start. Each draw is committed as the draw engine commits one (the catalogue's
 * prize structure, a salted commitment), then revealed and settled by the engine itself (`revealDue`,
 * `settleDrawn`), with the development results source: the official lotteries' (XSMB, XSMT, XSMN) past draws are
 * labelled DEVELOPMENT, the stand-in a development server shows for the state companies' results. Draws are global
 * (every merchant sees the same results): a database that has any draw already (the job ran on it) is left alone.
 * Returns how many draws it revealed.
 */
export async function seedLotteryHistory(
  database: Database,
  now = new Date(),
  days = HISTORY_DAYS,
): Promise<number> {
  return database.exclusive('portico:seed', async () =>
    (await database.db.$count(lotteryDraws)) > 0 ? 0 : history(database, now, days),
  );
}

async function history(database: Database, now: Date, days: number): Promise<number> {
  const from = new Date(now.getTime() - days * DAY);
  // Up to and including `now`: the draw job commits the draws after it.
  const to = new Date(now.getTime() + 1);
  const rows = LOTTERIES.flatMap((lottery) =>
    drawsBetween(lottery, from, to).map((slot) => ({
      gameCode: lottery.code,
      issue: slot.issue,
      drawAt: slot.drawAt,
      lockAt: slot.lockAt,
      ...commitDraw(STRUCTURES[lottery.structure], cryptoRandom),
    })),
  );
  for (let i = 0; i < rows.length; i += BATCH)
    await database.db
      .insert(lotteryDraws)
      .values(rows.slice(i, i + BATCH))
      .onConflictDoNothing();
  const engine = createDrawEngine(database.db);
  const revealed = await engine.revealDue(now);
  await engine.settleDrawn(now);
  return revealed.length;
}
