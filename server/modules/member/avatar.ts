import type { Member } from '../auth/sessions.ts';
import { memberInfo } from './service.ts';

/** Avatar colours, each dark enough for a white initial (WCAG AA at this size). */
const COLOURS = ['#6142bf', '#0f8f7e', '#c2410c', '#1d4ed8', '#be185d', '#15803d', '#7c3aed', '#b45309'];

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const dataUrl = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

/** The member's avatar (spec §7 MCSFE_getPlayerAvatar): its nickname's initial on a colour of its own. */
export function playerAvatar(member: Member) {
  const initial = esc([...member.nickname.trim()][0]?.toUpperCase() ?? '?');
  const colour = COLOURS[member.id % COLOURS.length]!;
  return {
    avatarUrl: dataUrl(
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="32" fill="${colour}"/><text x="32" y="42" font-family="system-ui,sans-serif" font-size="30" font-weight="700" text-anchor="middle" fill="#fff">${initial}</text></svg>`,
    ),
  };
}

/** The member's icon (spec §7 member icon): the badge of its club rank in the club's colours, numbered. */
export function memberIcon(member: Member) {
  const { clubLabel } = memberInfo(member);
  const { color, color2, rankLevel, labelName } = clubLabel;
  return {
    labelName,
    rankLevel,
    iconUrl: dataUrl(
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${color2}"/><stop offset="1" stop-color="${color}"/></linearGradient></defs><path d="M32 3 58 13v18c0 15-11 25-26 30C17 56 6 46 6 31V13z" fill="url(#g)" stroke="${color}" stroke-width="3"/><text x="32" y="42" font-family="system-ui,sans-serif" font-size="26" font-weight="800" text-anchor="middle" fill="#fff">${rankLevel}</text></svg>`,
    ),
  };
}
