import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as auth from './auth.ts';
import * as content from './content.ts';
import * as games from './games.ts';
import * as lottery from './lottery.ts';
import * as member from './member.ts';
import * as messages from './messages.ts';
import * as promotionRoutes from './promotionRoutes.ts';
import * as promotions from './promotions.ts';
import * as routes from './routes.ts';
import * as system from './system.ts';
import * as wallet from './wallet.ts';

const calls: Record<string, unknown> = {
  ...auth,
  ...content,
  ...games,
  ...lottery,
  ...member,
  ...messages,
  ...promotions,
  ...system,
  ...wallet,
};

describe('contract routes (the first page’s zod-free calls)', () => {
  it('each route is its call’s method and path', () => {
    const entries = Object.entries({ ...routes, ...promotionRoutes });
    expect(entries.length).toBeGreaterThan(20);
    for (const [name, route] of entries) {
      const call = calls[name] as { method: string; path: string } | undefined;
      expect(call, name).toBeDefined();
      expect(route, name).toEqual({ method: call!.method, path: call!.path });
    }
  });

  it('routes and constants load no zod and no schema module at run time', () => {
    for (const file of ['routes.ts', 'promotionRoutes.ts', 'constants.ts']) {
      const source = readFileSync(new URL(file, import.meta.url), 'utf8');
      const runtimeImports = [...source.matchAll(/^import (?!type )[^;]*from '([^']+)'/gm)].map((m) => m[1]);
      expect(runtimeImports, file).toEqual([]);
    }
  });
});
