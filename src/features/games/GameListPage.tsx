import { useLingui } from '@lingui/react/macro';
import { PAGE_SIZE } from '../../../contract/constants.ts';
import { selectIsLoggedIn } from '../../../machines/session.connect.ts';
import { SessionContext } from '../../session/sessionContext.ts';
import { GameListView } from './GameListView.tsx';
import { WhenSessionKnown } from './Lobby.tsx';

/**
 * /hot and /fav (spec §2): the hot games, or the member's favourites (a visitor gets the login popup and the slots
 * meanwhile). No list switcher, vendor or class filter here. The favourites belong to whoever is logged in: a login
 * or logout starts the page's list again, so a member who logs in from the popup sees their favourites.
 */
export function GameListPage({ mode }: { mode: 'hot' | 'fav' }) {
  const { t } = useLingui();
  const loggedIn = SessionContext.useSelector(selectIsLoggedIn);
  const title = mode === 'hot' ? t`Hot games` : t`Favourite games`;
  const path = mode === 'hot' ? '/hot' : '/fav';
  return (
    <div className="flex flex-col gap-5">
      <h1 className="text-2xl font-bold">{title}</h1>
      <WhenSessionKnown label={title}>
        <GameListView
          key={mode === 'fav' ? String(loggedIn) : undefined}
          // The machine needs a game type: a visitor's game mode on /fav lists the slots.
          source={{ path, gameType: 'RNG', mode, pageSize: PAGE_SIZE.lobby }}
          label={title}
        />
      </WhenSessionKnown>
    </div>
  );
}
