import { createSlot, PAYLINES } from './slot.ts';

/**
 * Wolf Fortune: its own slot on the shared engine, with its own symbols, strips and paytable. Unlike
 * Mega Cherries no line pays two of a kind, the top pays are bigger, and two moons or more pay anywhere. Strip letters:
 * W wolf (wild), S moon (scatter), E eagle, B bear, D stag, A ace, K king, Q queen, J jack.
 */
export const WOLF_FORTUNE = createSlot({
  symbols: ['WOLF', 'MOON', 'EAGLE', 'BEAR', 'STAG', 'ACE', 'KING', 'QUEEN', 'JACK'],
  letters: 'WSEBDAKQJ',
  strips: [
    'WBKJAQDEKJAQBJKDQAWJKQADESBJQKAJDQ',
    'SDQWKBJAQDKJEAQWBJKDQAJKQAWDBJEQKAJ',
    'EAJQDKJWABQSDKJQAEJWKBQDAJQKADJWBQK',
    'BKAJQEDKJAQBJKDWQAJSKQEBDAJQKAJDWQ',
    'DQKBWJAQKDEJAQKBJDQAKWJQKADBJEQKSAJ',
  ],
  paytable: {
    WOLF: [0, 0, 0, 80, 400, 1500],
    MOON: [0, 0, 1, 5, 30, 250],
    EAGLE: [0, 0, 0, 30, 120, 600],
    BEAR: [0, 0, 0, 20, 60, 250],
    STAG: [0, 0, 0, 12, 40, 150],
    ACE: [0, 0, 0, 8, 25, 100],
    KING: [0, 0, 0, 6, 15, 60],
    QUEEN: [0, 0, 0, 5, 12, 40],
    JACK: [0, 0, 0, 4, 10, 30],
  },
  paylines: PAYLINES,
});
