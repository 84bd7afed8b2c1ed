import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { problemText } from '../../../contract/registerRules.ts';
import { problemMessage } from './fieldMessages.ts';

describe('field messages', () => {
  it('word every pattern message 0–24 like the server does, with min and max substituted', () => {
    for (let patternId = 0; patternId <= 24; patternId++) {
      const problem = { kind: 'pattern' as const, patternId, min: 6, max: 16 };
      expect(problemMessage(i18n, problem), `pattern ${patternId}`).toBe(problemText(problem));
    }
  });

  it('show one number when min equals max', () => {
    expect(problemMessage(i18n, { kind: 'pattern', patternId: 6, min: 6, max: 6 })).toBe('Enter 6 digits');
  });

  it('word required and mismatch and pass server messages through', () => {
    expect(problemMessage(i18n, { kind: 'required' })).toBe('Input must not be empty');
    expect(problemMessage(i18n, { kind: 'mismatch' })).toBe('Incorrect confirmation input');
    expect(problemMessage(i18n, { kind: 'server', message: 'This username is already taken' })).toBe(
      'This username is already taken',
    );
  });
});
