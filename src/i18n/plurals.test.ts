import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A count next to a noun must be an ICU plural: "{placed} bets placed" reads "1 bets placed" and cannot be said right
 * in languages with other plural rules. This scans what the players and operators read — the English catalogue —
 * for a placeholder followed by a countable noun outside a `{n, plural, …}` block.
 */

const NOUNS = [
  'bets?',
  'points?',
  'days?',
  'hours?',
  'minutes?',
  'seconds?',
  'weeks?',
  'months?',
  'years?',
  'items?',
  'records?',
  'rows?',
  'spins?',
  'rounds?',
  'games?',
  'tickets?',
  'winners?',
  'entries',
  'entry',
  'numbers?',
  'characters?',
  'digits?',
  'times',
  'members?',
  'players?',
  'orders?',
  'draws?',
  'issues?',
  'messages?',
  'tries',
  'attempts?',
  'friends?',
  'prizes?',
  'pages?',
  'missions?',
  'levels?',
];
const COUNT_NOUN = new RegExp(`\\{\\w+\\}\\s+(${NOUNS.join('|')})\\b`, 'i');

/** Placeholders before such a noun that are not counts: a kind's name ("a new {ticket} ticket", "Available tickets"). */
const NOT_A_COUNT = new Set([
  'You have a new {ticket} ticket. Open it in the Reward Center.',
  // The list of one status: "Available tickets", "Used tickets".
  '{0} tickets',
]);

/** The message ids of a .po file (a msgid may go on over several quoted lines). */
export function messageIds(po: string): string[] {
  const ids: string[] = [];
  let current: string[] | null = null;
  for (const line of po.split('\n')) {
    const start = /^msgid "(.*)"$/.exec(line);
    if (start) {
      current = [start[1]!];
      continue;
    }
    const more = /^"(.*)"$/.exec(line);
    if (more && current) {
      current.push(more[1]!);
      continue;
    }
    if (current) ids.push(current.join('').replaceAll('\\"', '"'));
    current = null;
  }
  if (current) ids.push(current.join(''));
  return ids.filter((id) => id !== '');
}

/** The text with every `{x, plural|select|selectordinal, …}` block taken out (they nest braces). */
export function withoutIcuBlocks(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const rest = text.slice(i);
    if (/^\{\w+,\s*(plural|select|selectordinal)\s*,/.test(rest)) {
      let depth = 0;
      let j = i;
      for (; j < text.length; j += 1) {
        if (text[j] === '{') depth += 1;
        else if (text[j] === '}') {
          depth -= 1;
          if (depth === 0) break;
        }
      }
      out += ' ';
      i = j + 1;
      continue;
    }
    out += text[i];
    i += 1;
  }
  return out;
}

/** Messages with a count next to a noun outside a plural. */
export const bareCounts = (ids: string[]) =>
  ids.filter((id) => !NOT_A_COUNT.has(id) && COUNT_NOUN.test(withoutIcuBlocks(id)));

describe('ICU plurals', () => {
  it('finds a bare count and accepts its plural', () => {
    expect(bareCounts(['{placed} bets placed. Good luck!', 'Earn {n} points'])).toHaveLength(2);
    expect(
      bareCounts([
        '{placed, plural, one {# bet placed.} other {# bets placed.}} Good luck!',
        'You can ask for a new one in {tooSoon, plural, one {# second} other {# seconds}}.',
        '{count} of {max} characters used',
      ]),
    ).toEqual(['{count} of {max} characters used']);
  });

  it('reads multi-line message ids', () => {
    expect(messageIds('msgid ""\n"Earn {n} "\n"points"\nmsgstr ""\n')).toEqual(['Earn {n} points']);
  });

  it('the English catalogue has no count next to a noun outside a plural', () => {
    const po = readFileSync(resolve(process.cwd(), 'locales/en/messages.po'), 'utf8');
    expect(bareCounts(messageIds(po))).toEqual([]);
  });
});
