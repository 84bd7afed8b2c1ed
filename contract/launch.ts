import { z } from 'zod';
import { defineCall, wpsReply } from './call.ts';

/**
 * Spec §3 Game launch payload. The server trusts only the session: `username`, `token` and `merchantCode` must
 * match it. The game's language comes from the `Language` header (falling back to `language`).
 */
export const launchPayload = z.object({
  gameId: z.coerce.number().int().optional(),
  nodeId: z.string().trim().min(1).max(80),
  accountType: z.literal(1).default(1),
  confirmTrans: z.literal(0).default(0),
  vassalage: z.string().trim().min(1).max(40),
  /** LOTT: a lottery (nodeId = its code, spec §7 "lottery launch … VN area, launch mode LOTT"). */
  launchMode: z.enum(['GLS', 'LOTT']).default('GLS'),
  area: z.enum(['VN']).optional(),
  platform: z.string().max(40).default('html5-desktop'),
  clientType: z.coerce.number().int().default(3),
  username: z.string().trim().max(40).optional(),
  token: z.string().max(200).optional(),
  merchantCode: z.string().max(40).optional(),
  language: z.string().max(10).optional(),
});
export type LaunchPayload = z.input<typeof launchPayload>;

export const launchGame = defineCall({
  method: 'POST',
  path: '/wps/game/launchGame',
  class: 'play',
  summary:
    'Launch a game (startGameV2): the URL the game opens at; GAME_MAINTENANCE with its end while it is down',
  auth: 'token',
  body: launchPayload,
  response: wpsReply(
    z.object({
      /** The game URL. */
      content: z.string(),
      /** How the portal opens it: in the /game page's frame, or in a popup window (vendors that refuse frames). */
      openIn: z.enum(['frame', 'popup']),
    }),
  ),
});
