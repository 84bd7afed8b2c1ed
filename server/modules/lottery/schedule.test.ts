import { describe, expect, it } from 'vitest';
import { LOTTERIES, lotteryByCode } from './catalogue.ts';
import { drawsBetween, nextDraw, previousDraw, saleState, weekdayCode } from './schedule.ts';

const lottery = (code: string) => lotteryByCode.get(code)!;
/** Vietnam local time (UTC+7, no daylight saving) as an instant. */
const vn = (local: string) => new Date(`${local}+07:00`);

describe('draw schedule', () => {
  it('codes weekdays as spec §9: 1 Sunday, 2 Monday … 7 Saturday', () => {
    expect(weekdayCode(Date.UTC(2026, 10, 22))).toBe(1); // Sunday 22 Nov 2026
    expect(weekdayCode(Date.UTC(2026, 10, 23))).toBe(2);
    expect(weekdayCode(Date.UTC(2026, 10, 28))).toBe(7);
  });

  it('draws the North daily at 18:15 Vietnam time, the issue being the local date', () => {
    const mb = lottery('XSMB');
    expect(nextDraw(mb, vn('2026-11-23T18:14:59'))).toEqual({
      issue: '20261123',
      drawAt: vn('2026-11-23T18:15:00'),
      lockAt: vn('2026-11-23T18:00:00'),
    });
    // At the draw instant the next one is tomorrow's; the previous is today's.
    expect(nextDraw(mb, vn('2026-11-23T18:15:00')).issue).toBe('20261124');
    expect(previousDraw(mb, vn('2026-11-23T18:15:00')).issue).toBe('20261123');
    // 00:30 local on the 24th is still the 23rd in UTC: the local day decides.
    expect(previousDraw(mb, vn('2026-11-24T00:30:00')).issue).toBe('20261123');
    expect(nextDraw(mb, vn('2026-11-24T00:30:00')).issue).toBe('20261124');
  });

  it('draws provinces on their weekdays only, crossing into the next week', () => {
    const kontum = lottery('XSMT_KT'); // Sundays
    expect(nextDraw(kontum, vn('2026-11-23T10:00:00')).drawAt).toEqual(vn('2026-11-29T17:15:00'));
    expect(previousDraw(kontum, vn('2026-11-23T10:00:00')).drawAt).toEqual(vn('2026-11-22T17:15:00'));
    const hcm = lottery('XSMN_HCM'); // Mondays and Saturdays
    const week = drawsBetween(hcm, vn('2026-11-22T00:00:00'), vn('2026-11-29T00:00:00'));
    expect(week.map((d) => d.issue)).toEqual(['20261123', '20261128']);
    expect(week.every((d) => d.drawAt.toISOString().endsWith('09:15:00.000Z'))).toBe(true);
  });

  it('gives every weekday two to four southern and two to three central provinces', () => {
    for (let code = 1; code <= 7; code++) {
      const on = (tag: string) =>
        LOTTERIES.filter(
          (l) => l.tag === tag && l.schedule.kind === 'daily' && l.schedule.days.includes(code),
        );
      expect(on('MN').length).toBeGreaterThanOrEqual(3);
      expect(on('MN').length).toBeLessThanOrEqual(4);
      expect(on('MT').length).toBeGreaterThanOrEqual(2);
      expect(on('MT').length).toBeLessThanOrEqual(3);
    }
  });

  it('draws fast lotteries every n minutes with issues numbered within the local day', () => {
    const one = lottery('VN1P');
    expect(nextDraw(one, vn('2026-11-23T00:00:00'))).toMatchObject({
      issue: '20261123-0001',
      drawAt: vn('2026-11-23T00:01:00'),
      lockAt: vn('2026-11-23T00:00:50'),
    });
    // The day's last draw is at midnight and belongs to the day before.
    expect(nextDraw(one, vn('2026-11-23T23:59:30')).issue).toBe('20261123-1440');
    expect(nextDraw(one, vn('2026-11-23T23:59:30')).drawAt).toEqual(vn('2026-11-24T00:00:00'));
    const five = lottery('VN5P');
    expect(
      drawsBetween(five, vn('2026-11-23T10:00:00'), vn('2026-11-23T10:15:00')).map((d) => d.issue),
    ).toEqual(['20261123-0120', '20261123-0121', '20261123-0122']);
  });

  it('derives isSale, remainTime and lockTime from the schedule', () => {
    const mb = lottery('XSMB');
    expect(saleState(mb, vn('2026-11-23T17:59:58'))).toMatchObject({
      issue: '20261123',
      isSale: true,
      remainTime: 2_000,
      lockTime: 900_000,
    });
    expect(saleState(mb, vn('2026-11-23T18:05:00'))).toMatchObject({ isSale: false, remainTime: 0 });
  });
});
