/**
 * Spec §4: the public announcement is not shown on the register pages, and once closed it stays closed for the
 * session. Remembered per viewer in session storage: a visitor who closes it still sees it after logging in (a new
 * login session), and logging out clears session storage, so the next login shows it again.
 */
const KEY = 'noticePopupClosed';

export type Viewer = 'visitor' | 'member';

export const REGISTER_PATHS = ['/register', '/register.html'];

export const popupClosedFor = (viewer: Viewer): boolean =>
  (sessionStorage.getItem(KEY) ?? '').split(',').includes(viewer);

export function closePopupFor(viewer: Viewer): void {
  const closed = new Set((sessionStorage.getItem(KEY) ?? '').split(',').filter(Boolean));
  closed.add(viewer);
  sessionStorage.setItem(KEY, [...closed].join(','));
}
