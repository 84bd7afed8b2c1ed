import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { GameCategory, GameType } from '../../../contract/games.ts';
import type { Db } from '../../db/client.ts';
import { type GameFlags, games, vendorSyncs, vendors } from '../../db/schema/index.ts';
import { DomainError } from '../../http/errors.ts';
import type { VendorDrivers } from '../../ports/gameVendor.ts';
import type { FeedGame } from '../../ports/vendors/feed.ts';
import type { AuditLog } from '../audit/log.ts';
import type { PictureStore } from './pictures.ts';

const categoryOf = (t: GameType): GameCategory => (t === 'LOTT' || t === 'ELOTT' ? 'LOTTERY' : t);

/** Pictures downloaded at once during a sync. */
const PICTURE_LANES = 4;
/** Problems kept of one sync (the first ones: one bad picture is usually many). */
const MAX_PROBLEMS = 20;

export interface SyncOutcome {
  added: number;
  updated: number;
  removed: number;
  pictures: number;
  listed: number;
  /** Why nothing changed (an unreadable or malformed feed). */
  error: string | null;
  problems: string[];
}

const flagsOf = (g: FeedGame): GameFlags => ({
  isHot: g.hot,
  isNew: g.new,
  sort: g.order,
  maintenanceUntil: g.maintenanceUntil,
});

/** The columns in effect: the operator's overrides over the feed's values. */
export const effective = (feed: GameFlags, overrides: Partial<GameFlags>) => {
  const f = { ...feed, ...overrides };
  return {
    isHot: f.isHot,
    isNew: f.isNew,
    sort: f.sort,
    maintenanceUntil: f.maintenanceUntil ? new Date(f.maintenanceUntil) : null,
  };
};

/** JSON with sorted keys: jsonb read back does not keep the order it was written in. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_k, v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );

async function pool<T>(items: T[], lanes: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(lanes, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/**
 * Catalogue sync of a connected vendor: reads its feed, upserts its games, stores their pictures, hides the games
 * gone from the feed (kept for the rounds and favourites that name them), and keeps what an operator set. A feed
 * that cannot be read or parsed changes nothing; the error is recorded for /ops either way, and each run audited.
 */
export function createVendorSync(
  db: Db,
  deps: { drivers: VendorDrivers; pictures: PictureStore; audit: AuditLog; now?: () => Date },
) {
  const { drivers, pictures, audit, now = () => new Date() } = deps;

  async function record(merchantCode: string, vendor: string, actor: string, out: SyncOutcome, at: Date) {
    const row = {
      lastRunAt: at,
      ...(out.error ? {} : { lastOkAt: at }),
      added: out.added,
      updated: out.updated,
      removed: out.removed,
      pictures: out.pictures,
      listed: out.listed,
      error: out.error,
      problems: out.problems,
    };
    await db.transaction(async (tx) => {
      await tx
        .insert(vendorSyncs)
        .values({ merchantCode, vassalage: vendor, ...row })
        .onConflictDoUpdate({ target: [vendorSyncs.merchantCode, vendorSyncs.vassalage], set: row });
      await audit.stage(tx, {
        merchantCode,
        actor,
        action: out.error ? 'VENDOR_SYNC_FAILED' : 'VENDOR_SYNC',
        subject: { vendor, ...out, problems: out.problems.length },
      });
    });
    await audit.link();
  }

  async function apply(merchantCode: string, vendor: string, name: string, feed: FeedGame[], at: Date) {
    const out: SyncOutcome = {
      added: 0,
      updated: 0,
      removed: 0,
      pictures: 0,
      listed: 0,
      error: null,
      problems: [],
    };
    const problem = (p: string) => {
      if (out.problems.length < MAX_PROBLEMS) out.problems.push(p);
    };
    const known = new Map(
      (await db.select().from(games).where(eq(games.merchantCode, merchantCode))).map((g) => [g.nodeId, g]),
    );
    // A code another vendor's game already has would take that game over: skipped, and said.
    const mine = feed.filter((g) => {
      const other = known.get(g.code);
      if (other && other.vassalage !== vendor) {
        problem(`${g.code}: already a game of ${other.vassalage}`);
        return false;
      }
      return true;
    });
    // Pictures first, outside the transaction (a slow download holds no lock); one that fails leaves the old one.
    const stored = new Map<string, string>();
    await pool(
      mine.filter((g) => g.picture && g.picture !== known.get(g.code)?.pictureSource),
      PICTURE_LANES,
      async (g) => {
        try {
          stored.set(g.code, await pictures.fetch(merchantCode, g.code, g.picture!));
        } catch (err) {
          problem((err as Error).message);
        }
      },
    );
    out.pictures = stored.size;

    await db.transaction(async (tx) => {
      const types = [...new Set(mine.map((g) => g.type))];
      for (const gameType of types)
        await tx
          .insert(vendors)
          .values({
            merchantCode,
            vassalage: vendor,
            gameType,
            gameCategory: categoryOf(gameType),
            displayName: name,
          })
          .onConflictDoUpdate({
            target: [vendors.merchantCode, vendors.vassalage, vendors.gameType],
            set: { displayName: name },
          });
      for (const g of mine) {
        const before = known.get(g.code);
        const feedFlags = flagsOf(g);
        const picture = stored.get(g.code);
        const values = {
          names: g.names,
          gameType: g.type,
          gameClassify: g.category,
          supportPlay: g.trial,
          minBet: g.minBet,
          feed: feedFlags,
          removedAt: null,
          ...effective(feedFlags, before?.overrides ?? {}),
          ...(picture ? { pictureKey: picture, pictureSource: g.picture } : {}),
        };
        if (!before) {
          await tx.insert(games).values({ merchantCode, nodeId: g.code, vassalage: vendor, ...values });
          out.added += 1;
          continue;
        }
        // Counted when a value the feed owns changed, or the game came back.
        const was = [
          before.names,
          before.gameType,
          before.gameClassify,
          before.supportPlay,
          before.minBet,
          before.feed,
        ];
        const now = [g.names, g.type, g.category, g.trial, g.minBet, feedFlags];
        if (canonical(was) === canonical(now) && before.removedAt === null && !picture) continue;
        await tx.update(games).set(values).where(eq(games.id, before.id));
        out.updated += 1;
      }
      const listed = new Set(mine.map((g) => g.code));
      const gone = [...known.values()].filter((g) => g.vassalage === vendor && !listed.has(g.nodeId));
      for (const g of gone) {
        const [hidden] = await tx
          .update(games)
          .set({ removedAt: at })
          .where(and(eq(games.id, g.id), isNull(games.removedAt)))
          .returning({ id: games.id });
        if (hidden) out.removed += 1;
      }
      out.listed = mine.length;
    });
    return out;
  }

  const driverWithFeed = (merchantCode: string, vendor: string) => {
    const driver = drivers.of(merchantCode, vendor);
    const settings = drivers.connected().find((s) => s.merchant === merchantCode && s.vendor === vendor);
    if (!driver.feed || !settings)
      throw new DomainError(409, 'CONFLICT', `${vendor} has no catalogue feed on this site`);
    return { feed: driver.feed, name: settings.name };
  };

  return {
    /** One sync now; `actor` is who asked ('ops' inside an operator call, 'system' for the schedule). */
    async sync(merchantCode: string, vendor: string, actor = 'system'): Promise<SyncOutcome> {
      const { feed, name } = driverWithFeed(merchantCode, vendor);
      const at = now();
      let out: SyncOutcome;
      try {
        out = await apply(merchantCode, vendor, name, await feed(), at);
      } catch (err) {
        out = {
          added: 0,
          updated: 0,
          removed: 0,
          pictures: 0,
          listed: 0,
          error: (err as Error).message.slice(0, 500),
          problems: [],
        };
      }
      await record(merchantCode, vendor, actor, out, at);
      return out;
    },

    /** Every connected vendor whose last sync is older than its `syncHours` (scheduled runs). */
    async syncDue(): Promise<number> {
      const last = await db.select().from(vendorSyncs);
      const at = now().getTime();
      let ran = 0;
      for (const s of drivers.connected()) {
        if (s.syncHours <= 0) continue;
        const seen = last.find((l) => l.merchantCode === s.merchant && l.vassalage === s.vendor);
        if (seen && at - seen.lastRunAt.getTime() < s.syncHours * 3_600_000) continue;
        await this.sync(s.merchant, s.vendor);
        ran += 1;
      }
      return ran;
    },

    /** The merchant's vendors for /ops: how each is connected, its games and its last sync. */
    async list(merchantCode: string) {
      const codes = await db
        .selectDistinct({ vendor: vendors.vassalage, name: vendors.displayName })
        .from(vendors)
        .where(eq(vendors.merchantCode, merchantCode));
      const counts = await db
        .select({
          vendor: games.vassalage,
          listed: sql<number>`count(*) filter (where ${games.removedAt} is null)`.mapWith(Number),
          hidden: sql<number>`count(*) filter (where ${games.removedAt} is not null)`.mapWith(Number),
        })
        .from(games)
        .where(eq(games.merchantCode, merchantCode))
        .groupBy(games.vassalage);
      const syncs = await db.select().from(vendorSyncs).where(eq(vendorSyncs.merchantCode, merchantCode));
      const connected = drivers.connected().filter((s) => s.merchant === merchantCode);
      const all = new Map<string, string>();
      for (const c of codes) if (!all.has(c.vendor)) all.set(c.vendor, c.name);
      for (const s of connected) all.set(s.vendor, s.name);
      return [...all]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([vendor, name]) => {
          const driver = drivers.of(merchantCode, vendor);
          const settings = connected.find((s) => s.vendor === vendor);
          const sync = syncs.find((s) => s.vassalage === vendor);
          const count = counts.find((c) => c.vendor === vendor);
          return {
            vendor,
            name,
            driver: driver.kind,
            wallet: driver.wallet,
            feed: Boolean(driver.feed && settings),
            syncHours: settings?.syncHours ?? null,
            games: count?.listed ?? 0,
            hidden: count?.hidden ?? 0,
            lastRunAt: sync?.lastRunAt.toISOString() ?? null,
            lastOkAt: sync?.lastOkAt?.toISOString() ?? null,
            added: sync?.added ?? 0,
            updated: sync?.updated ?? 0,
            removed: sync?.removed ?? 0,
            pictures: sync?.pictures ?? 0,
            error: sync?.error ?? null,
            problems: sync?.problems ?? [],
          };
        });
    },

    /**
     * An operator's hot/new/order/maintenance for one game: `set` fields are kept across syncs, `reset` fields go
     * back to the feed's value. Audited.
     */
    async override(
      merchantCode: string,
      nodeId: string,
      change: { set: Partial<GameFlags>; reset: (keyof GameFlags)[] },
    ) {
      const [game] = await db
        .select()
        .from(games)
        .where(and(eq(games.merchantCode, merchantCode), eq(games.nodeId, nodeId)));
      if (!game) throw new DomainError(404, 'NOT_FOUND', 'No such game', { nodeId: 'No such game' });
      const overrides: Partial<GameFlags> = { ...game.overrides };
      for (const k of change.reset) delete overrides[k];
      Object.assign(overrides, change.set);
      // A game of no feed: its own columns are what the operator's values override.
      const base: GameFlags = game.feed ?? {
        isHot: game.isHot,
        isNew: game.isNew,
        sort: game.sort,
        maintenanceUntil: game.maintenanceUntil?.toISOString() ?? null,
      };
      await db.transaction(async (tx) => {
        await tx
          .update(games)
          .set({ overrides, ...effective(base, overrides) })
          .where(eq(games.id, game.id));
        await audit.stage(tx, {
          merchantCode,
          actor: 'ops',
          action: 'GAME_OVERRIDE',
          subject: { nodeId, vendor: game.vassalage, set: change.set, reset: change.reset },
        });
      });
      await audit.link();
      return { nodeId, overrides, feed: game.feed };
    },

    /** A stored picture of a listed or hidden game (the art route serves it). */
    async picture(merchantCode: string, nodeId: string) {
      const [g] = await db
        .select({ key: games.pictureKey })
        .from(games)
        .where(
          and(eq(games.merchantCode, merchantCode), eq(games.nodeId, nodeId), isNotNull(games.pictureKey)),
        );
      return g?.key ? pictures.get(g.key) : undefined;
    },
  };
}
export type VendorSync = ReturnType<typeof createVendorSync>;
