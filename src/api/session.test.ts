import { beforeEach, describe, expect, it } from 'vitest';
import { REMEMBER_ME_MS } from '../../contract/auth.ts';
import { REMEMBERED_KEY } from '../../contract/constants.ts';
import { adoptRememberedSession, clearSession, storedToken, storeToken } from './session.ts';

describe('remember-me (spec §9: 1 day)', () => {
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
  });
  const newTab = () => sessionStorage.clear();

  it('keeps a remembered login for a new tab for one day, then forgets it', () => {
    storeToken('t-1', true, 1_000);
    newTab();
    adoptRememberedSession(1_000 + REMEMBER_ME_MS - 1);
    expect(storedToken()).toBe('t-1');
    newTab();
    adoptRememberedSession(1_000 + REMEMBER_ME_MS);
    expect(storedToken()).toBeNull();
    expect(localStorage.getItem(REMEMBERED_KEY)).toBeNull();
  });

  it('keeps a plain login to its tab, and a plain login forgets an earlier remembered one', () => {
    storeToken('t-1', true, 1_000);
    storeToken('t-2', false, 2_000);
    newTab();
    adoptRememberedSession(3_000);
    expect(storedToken()).toBeNull();
  });

  it('never replaces the tab’s own token; logging out forgets the remembered one', () => {
    storeToken('t-1', true, 1_000);
    sessionStorage.setItem('token', 't-tab');
    adoptRememberedSession(2_000);
    expect(storedToken()).toBe('t-tab');
    clearSession();
    adoptRememberedSession(2_000);
    expect(storedToken()).toBeNull();
  });

  it('drops a broken entry', () => {
    localStorage.setItem(REMEMBERED_KEY, '{nope');
    adoptRememberedSession(0);
    expect(storedToken()).toBeNull();
    expect(localStorage.getItem(REMEMBERED_KEY)).toBeNull();
  });
});
