import { useRouterState } from '@tanstack/react-router';
import { useState } from 'react';

/**
 * Open/closed state of a menu or dropdown that closes whenever the page changes (path or search): a category or
 * vendor chosen in it, the back button, a link elsewhere. Adjusted during render, so the page never paints with the
 * menu still open over it.
 */
export function useClosingOnNavigation(): [boolean, (open: boolean) => void] {
  const href = useRouterState({ select: (s) => s.location.href });
  const [state, setState] = useState({ open: false, href });
  if (state.href !== href) setState({ open: false, href });
  return [state.open && state.href === href, (open: boolean) => setState({ open, href })];
}
