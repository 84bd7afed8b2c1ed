import { intlSample } from '../../contract/firstScreen.ts';

// A page's first Intl number and date formats load data that every thread of the page's process then shares: ~20 ms
// of the main thread on a fast desktop, ~80 ms on a phone, the longest single step of the start. Done here first, on a
// thread of its own, the main thread's first formats take ~0.1 ms (measured in Chromium: 9–16 → 0.1 ms). The formats
// are the start's own (its check of the drawn screen's sample, src/main.tsx), in the page's language (the worker's name).
intlSample(self.name || 'en');
postMessage('warm');
close();
