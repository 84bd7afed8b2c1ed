import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { chartOf } from './chart.ts';
import { FIT_MAX, fitScale, MIN_SCALE, READABLE_PX, scrollKeeping } from './fit.ts';
import { layOut, SMALLEST_FONT, TEXT, textWidth, wrap } from './layout.ts';
import { flowMachines } from './machines.ts';
import { wordsOf } from './words.ts';

const layouts = flowMachines.map(({ name, machine }) => ({
  name,
  layout: layOut(chartOf(machine), wordsOf(name, i18n)),
}));

// The diagram box's width on a 375 px phone and on a 1366 px screen beside the list of machines.
const PHONE_BOX = 343;
const DESKTOP_BOX = 1050;

describe('opening a diagram fitted', () => {
  it('never shows text below the readable size', () => {
    expect(SMALLEST_FONT * MIN_SCALE).toBeGreaterThanOrEqual(READABLE_PX);
    for (const { layout } of layouts)
      for (const box of [0, 1, PHONE_BOX, DESKTOP_BOX, 5000])
        expect(fitScale(layout.width, box) * SMALLEST_FONT).toBeGreaterThanOrEqual(READABLE_PX);
  });

  it.each(layouts)(
    '$name: fills the width when that keeps it readable, else opens at the readable minimum',
    ({ layout }) => {
      for (const box of [PHONE_BOX, DESKTOP_BOX]) {
        const scale = fitScale(layout.width, box);
        if (layout.width * MIN_SCALE <= box) {
          expect(layout.width * scale).toBeLessThanOrEqual(box + 0.01);
          expect(layout.width * scale >= box - 0.01 || scale === FIT_MAX).toBe(true);
        } else expect(scale).toBe(MIN_SCALE);
      }
    },
  );

  it('keeps the point under the pointer in place through a zoom', () => {
    const at = { x: 100, y: 50 };
    const next = scrollKeeping({ left: 200, top: 40 }, at, 1, 2);
    // The diagram's point (300, 90) at scale 1 is (600, 180) at scale 2: still under the pointer.
    expect(next).toEqual({ left: 500, top: 130 });
    expect(scrollKeeping({ left: 0, top: 0 }, at, 2, 1)).toEqual({ left: 0, top: 0 });
  });
});

describe('labels', () => {
  it('wrap titles to the wrapping width, between words or between the characters of a script without spaces', () => {
    const lines = wrap('Choosing "Received" or "Not received" before the deadline runs out', 'title', 220);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(textWidth(line, 'title')).toBeLessThanOrEqual(220);
    expect(lines.join(' ')).toBe('Choosing "Received" or "Not received" before the deadline runs out');
    const chinese = wrap('等待会员确认收款或报告未收到款项并上传凭证', 'title', 100);
    expect(chinese.length).toBeGreaterThan(1);
    for (const line of chinese) expect(textWidth(line, 'title')).toBeLessThanOrEqual(100);
  });

  it.each(layouts)('$name: every line fits inside its state or label box', ({ layout }) => {
    for (const { head, lines } of layout.states) {
      const height = lines.reduce((sum, l) => sum + TEXT[l.kind].line, 0);
      expect(height).toBeLessThanOrEqual(head.height);
      for (const line of lines) expect(textWidth(line.text, line.kind)).toBeLessThanOrEqual(head.width);
    }
    for (const { label, lines } of layout.edges)
      if (label)
        for (const line of lines) expect(textWidth(line.text, line.kind)).toBeLessThanOrEqual(label.width);
  });
});
