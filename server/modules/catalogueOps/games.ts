import { and, asc, count, eq, gt, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { GameEdit, OpsGame, opsGames } from '../../../contract/catalogue.ts';
import type { Db } from '../../db/client.ts';
import { type GameFlags, games, vendors } from '../../db/schema/index.ts';
import { DomainError } from '../../http/errors.ts';
import type { AuditLog } from '../audit/log.ts';
import { gameIconUrl } from '../games/list.ts';
import { mustExist } from '../merchant/exists.ts';
import { effective } from '../vendors/sync.ts';

type GameRow = typeof games.$inferSelect;
type ListQuery = z.output<typeof opsGames.query>;

/** `%`, `_` and `\` typed in a search are literal characters. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const noGame = () => new DomainError(404, 'NOT_FOUND', 'No such game', { nodeId: 'No such game' });

const FLAG_FIELDS = ['isHot', 'isNew', 'sort', 'maintenanceUntil'] as const;

const toOps = (row: GameRow, vendorName: string, now: Date): OpsGame => ({
  nodeId: row.nodeId,
  names: row.names,
  vendor: row.vassalage,
  vendorName,
  gameType: row.gameType,
  gameClassify: row.gameClassify,
  isHot: row.isHot,
  isNew: row.isNew,
  sort: row.sort,
  hidden: row.hidden,
  maintenanceUntil:
    row.maintenanceUntil && row.maintenanceUntil > now ? row.maintenanceUntil.toISOString() : null,
  iconUrl: gameIconUrl(row, 'en'),
  uploadedIcon: row.iconKey !== null,
  fromFeed: row.feed !== null,
});

/** The flags in effect before an operator's change: the feed's, or a game's own columns when it has no feed. */
const baseOf = (g: GameRow): GameFlags =>
  g.feed ?? {
    isHot: g.isHot,
    isNew: g.isNew,
    sort: g.sort,
    maintenanceUntil: g.maintenanceUntil?.toISOString() ?? null,
  };

/**
 * The game catalogue as operators edit it. Hot, new, order and maintenance are stored as overrides over the feed
 * (server/modules/vendors/sync.ts keeps them across syncs); hidden is the operator's alone. Game lists are read
 * from the database on every request, so a change is seen by members at their next one.
 */
export function createGameCatalogue(db: Db, audit: AuditLog, now: () => Date = () => new Date()) {
  const select = (where: SQL | undefined) =>
    db
      .select({ game: games, vendorName: vendors.displayName })
      .from(games)
      .innerJoin(
        vendors,
        and(
          eq(vendors.merchantCode, games.merchantCode),
          eq(vendors.vassalage, games.vassalage),
          eq(vendors.gameType, games.gameType),
        ),
      )
      .where(and(where, isNull(games.removedAt)));

  return {
    async list(code: string, q: ListQuery) {
      await mustExist(db, code);
      const pattern = q.name ? `%${likeEscape(q.name)}%` : undefined;
      const flag = {
        hot: eq(games.isHot, true),
        new: eq(games.isNew, true),
        hidden: eq(games.hidden, true),
        maintenance: gt(games.maintenanceUntil, now()),
      };
      const where = and(
        eq(games.merchantCode, code),
        isNull(games.removedAt),
        q.vendor ? eq(games.vassalage, q.vendor) : undefined,
        q.gameType ? eq(games.gameType, q.gameType) : undefined,
        q.flag ? flag[q.flag] : undefined,
        pattern
          ? or(
              sql`${games.nodeId} ilike ${pattern}`,
              sql`exists (select 1 from jsonb_each_text(${games.names}) n where n.value ilike ${pattern})`,
            )
          : undefined,
      );
      const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(games).where(where);
      const rows = await select(where)
        .orderBy(asc(games.gameType), asc(games.sort), asc(games.id))
        .limit(q.pageSize)
        .offset((q.pageNo - 1) * q.pageSize);
      const at = now();
      return {
        list: rows.map((r) => toOps(r.game, r.vendorName, at)),
        totalPages: Math.ceil(n / q.pageSize),
      };
    },

    /** One change for every game named, all or nothing (an unknown node id refuses the whole batch); audited once. */
    async edit(code: string, nodeIds: string[], set: GameEdit): Promise<OpsGame[]> {
      const wanted = [...new Set(nodeIds)];
      const { hidden, ...flags } = set;
      await db.transaction(async (tx) => {
        await mustExist(tx, code);
        const rows = await tx
          .select()
          .from(games)
          .where(and(eq(games.merchantCode, code), inArray(games.nodeId, wanted), isNull(games.removedAt)))
          .for('update');
        const missing = wanted.filter((id) => !rows.some((r) => r.nodeId === id));
        if (missing.length > 0)
          throw new DomainError(404, 'NOT_FOUND', 'No such game', {
            nodeIds: `No such game: ${missing.slice(0, 5).join(', ')}`,
          });
        for (const g of rows) {
          const overrides: Partial<GameFlags> = { ...g.overrides };
          for (const k of FLAG_FIELDS)
            if (flags[k] !== undefined) Object.assign(overrides, { [k]: flags[k] });
          await tx
            .update(games)
            .set({
              overrides,
              ...effective(baseOf(g), overrides),
              ...(hidden !== undefined ? { hidden } : {}),
            })
            .where(eq(games.id, g.id));
        }
        await audit.append(tx, {
          merchantCode: code,
          actor: 'ops',
          action: 'GAME_EDIT',
          subject: { nodeIds: wanted, set },
        });
      });
      const rows = await select(and(eq(games.merchantCode, code), inArray(games.nodeId, wanted))).orderBy(
        asc(games.gameType),
        asc(games.sort),
        asc(games.id),
      );
      const at = now();
      return rows.map((r) => toOps(r.game, r.vendorName, at));
    },

    /** Refuses an icon for a game that is not in the catalogue before its picture is stored. */
    async mustHave(code: string, nodeId: string): Promise<void> {
      const [row] = await db
        .select({ id: games.id })
        .from(games)
        .where(and(eq(games.merchantCode, code), eq(games.nodeId, nodeId), isNull(games.removedAt)));
      if (!row) throw noGame();
    },

    /**
     * Sets a game's uploaded icon (a storage key of server/http/pictures.ts), or removes it (null: the feed's or the
     * generated picture again); audited. Returns the address members now see.
     */
    async setIcon(code: string, nodeId: string, key: string | null): Promise<string> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(games)
          .set({ iconKey: key })
          .where(and(eq(games.merchantCode, code), eq(games.nodeId, nodeId), isNull(games.removedAt)))
          .returning();
        if (!row) throw noGame();
        await audit.append(tx, {
          merchantCode: code,
          actor: 'ops',
          action: key ? 'GAME_ICON' : 'GAME_ICON_REMOVED',
          subject: { nodeId, picture: key },
        });
        return gameIconUrl(row, 'en');
      });
    },
  };
}
export type GameCatalogue = ReturnType<typeof createGameCatalogue>;
