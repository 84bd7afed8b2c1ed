import { useLingui } from '@lingui/react/macro';
import type { PlayType } from '../../../contract/lottery.ts';
import { CLOSED_TEXT, type Countdown } from '../../../machines/lotteryRefresh.connect.ts';
import type { LotteryListMode, LotteryTab, WeekFilter } from '../../../machines/lotteryRefresh.machine.ts';
import { formatNumber } from '../../i18n/format.ts';

/** The lottery pages' words: tabs, week days, list modes, play types and countdowns. */
export function useLotteryLabels() {
  const { t, i18n } = useLingui();
  const tag = (tab: LotteryTab | string): string => {
    switch (tab) {
      case 'ALL':
        return t`All`;
      case 'MB':
        return t`North`;
      case 'MT':
        return t`Central`;
      case 'MN':
        return t`South`;
      case 'FAST':
        return t`Fast`;
      case 'KENO':
        return t`Keno`;
      default:
        return tab;
    }
  };
  const week = (code: WeekFilter): string =>
    [t`All`, t`Sun`, t`Mon`, t`Tue`, t`Wed`, t`Thu`, t`Fri`, t`Sat`][code]!;
  const weekFull = (code: WeekFilter): string =>
    [t`Every day`, t`Sunday`, t`Monday`, t`Tuesday`, t`Wednesday`, t`Thursday`, t`Friday`, t`Saturday`][
      code
    ]!;
  const mode = (m: LotteryListMode): string =>
    m === 'hot' ? t`Hot` : m === 'fav' ? t`Favourites` : m === 'recent' ? t`Recent` : t`All`;
  const playType = (p: PlayType): string => {
    switch (p) {
      case 'LO2':
        return t`Lô 2 số`;
      case 'DE':
        return t`Đề`;
      case 'BA_CANG':
        return t`3 càng`;
      case 'XIEN2':
        return t`Xiên 2`;
      case 'XIEN3':
        return t`Xiên 3`;
      case 'XIEN4':
        return t`Xiên 4`;
    }
  };
  // A countdown is a time, not a lottery number: its digits follow the locale (src/i18n/format.ts).
  const digits = (n: number) => formatNumber(n, i18n.locale, { minimumIntegerDigits: 2, useGrouping: false });
  const countdown = (c: Countdown): string => {
    if (c.kind === 'closed') return CLOSED_TEXT;
    if (c.kind === 'clock') return c.text.replace(/\d+/g, (field) => digits(Number(field)));
    const days = formatNumber(c.days, i18n.locale);
    const hours = formatNumber(c.hours, i18n.locale);
    return t`${days}d ${hours}h`;
  };
  return { tag, week, weekFull, mode, playType, countdown };
}
