/** Game pages open inside the /game page's frame or a popup: they render without the portal's header and footer. */
export const isPlayPath = (pathname: string) => pathname === '/play' || pathname.startsWith('/play/');
