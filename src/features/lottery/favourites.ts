/** Spec §3: lottery favourites are kept in the browser per username, as a list of lottery ids. */
export const favouritesKey = (username: string) => `portico.lotteryFavourites.${username}`;

export function readFavourites(username: string): number[] {
  try {
    const raw = localStorage.getItem(favouritesKey(username));
    const parsed: unknown = raw === null ? [] : JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}

export function writeFavourites(username: string, ids: number[]): void {
  try {
    localStorage.setItem(favouritesKey(username), JSON.stringify(ids));
  } catch {
    // Storage full or blocked (private mode): the favourites last for this page only.
  }
}
