import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { NAV_DROPDOWN_VENDORS, NAV_GAME_TYPES } from '../../../contract/constants.ts';
import type { GameMenu, GameType } from '../../../contract/games.ts';
import { isLotteryType, type LotteryEntry, lotteryEntry } from '../../domain/lotteryLinks.ts';
import { GAME_TYPE_PATH } from '../../domain/routesMap.ts';
import { GAME_TYPE_LABEL } from '../../i18n/labels.ts';
import { type StartGate, StartLotteryLink, useStartLottery } from '../../session/StartLotteryLink.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { useClosingOnNavigation } from './useClosingOnNavigation.ts';

const itemClass =
  'block rounded-md px-3 py-2 text-sm font-medium hover:bg-line/40 [&.active]:text-accent-ink';

/**
 * Where a category or one of its vendors leads: its lobby with the vendor filter (reset when none); for the
 * lotteries the lottery centre on that category (spec §2 path map), or a game started directly (TCG_SEA).
 */
function entryOf(
  gameType: GameType,
  vendor?: string,
): LotteryEntry | { kind: 'lobby'; to: string; search: object } {
  if (isLotteryType(gameType)) return lotteryEntry(gameType, vendor);
  return { kind: 'lobby', to: GAME_TYPE_PATH[gameType], search: vendor ? { vendor } : {} };
}

/** One category: its link (vendor filter and page reset) and a dropdown of up to 15 vendors plus More. */
function NavCategory({ menu, onChoose, gate }: { menu: GameMenu; onChoose?: () => void; gate: StartGate }) {
  const { i18n, t } = useLingui();
  // Open while a mouse is over it, or after its button was pressed (keyboard, touch): for a mouse, hover governs.
  // Either way it closes when the page changes (its category or a vendor chosen, or any other navigation).
  const [hovered, setHovered] = useClosingOnNavigation();
  const [pressed, setPressed] = useClosingOnNavigation();
  const open = hovered || pressed;
  const close = () => {
    setHovered(false);
    setPressed(false);
  };
  const choose = () => {
    close();
    onChoose?.();
  };
  const category = entryOf(menu.gameType);
  const label = i18n._(GAME_TYPE_LABEL[menu.gameType]);
  const shown = menu.vendors.slice(0, NAV_DROPDOWN_VENDORS);
  const listId = `nav-${menu.gameType}`;
  return (
    // The vendor links are built only while the dropdown is open (hover, or its button): closed, five categories of
    // fifteen links each would be routed, rendered and laid out for nothing on every page's first render.
    <li
      className="relative flex flex-wrap items-center lg:flex-nowrap"
      onKeyDown={(e) => e.key === 'Escape' && close()}
      // A mouse only: a tap also enters, and would open the list just before the button's click closes it.
      onPointerEnter={(e) => e.pointerType === 'mouse' && setHovered(true)}
      onPointerLeave={(e) => e.pointerType === 'mouse' && close()}
    >
      <Link to={category.to} search={category.search} className={itemClass} onClick={onChoose}>
        {label}
      </Link>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={t`${label} providers`}
        onClick={() => setPressed(!open)}
        className="grid h-10 w-10 place-items-center rounded text-muted hover:text-ink lg:h-auto lg:w-auto lg:px-1"
      >
        <Icon name="chevron" className="h-4 w-4" />
      </button>
      <ul
        id={listId}
        hidden={!open}
        className="z-40 min-w-48 rounded-lg border border-line bg-raised p-1 shadow-xl max-lg:w-full max-lg:shadow-none lg:absolute lg:left-0 lg:top-full"
      >
        {open && (
          <>
            {shown.map((v) => {
              const entry = entryOf(menu.gameType, v.vassalage);
              return (
                <li key={v.vassalage}>
                  {entry.kind === 'start' ? (
                    <StartLotteryLink start={entry} gate={gate} className={itemClass} onClick={choose}>
                      {v.displayName}
                    </StartLotteryLink>
                  ) : (
                    <Link to={entry.to} search={entry.search} className={itemClass} onClick={choose}>
                      {v.displayName}
                    </Link>
                  )}
                </li>
              );
            })}
            <li>
              <Link
                to={category.to}
                search={category.search}
                className={`${itemClass} text-accent-ink`}
                onClick={choose}
              >
                <Trans>More</Trans>
              </Link>
            </li>
          </>
        )}
      </ul>
    </li>
  );
}

/**
 * Header nav: categories that have vendors, in the spec's order, then Promotions and App Download. `onChoose` is
 * told of every link chosen (the phone drawer closes, even when the link is the page already shown).
 */
export function NavMenu({ menus, onChoose }: { menus: GameMenu[]; onChoose?: () => void }) {
  // Here, not in the dropdown: the entry closes with its dropdown while the visitor logs in.
  const gate = useStartLottery();
  const listed = NAV_GAME_TYPES.flatMap((type) =>
    menus.filter((m) => m.gameType === type && m.vendors.length > 0),
  );
  return (
    <ul className="flex flex-col gap-1 lg:flex-row lg:items-center">
      <li>
        <Link to="/" className={itemClass} activeOptions={{ exact: true }} onClick={onChoose}>
          <Trans>Home</Trans>
        </Link>
      </li>
      {listed.map((m) => (
        <NavCategory key={m.gameType} menu={m} onChoose={onChoose} gate={gate} />
      ))}
      <li>
        <Link to="/promotions" className={itemClass} onClick={onChoose}>
          <Trans>Promotions</Trans>
        </Link>
      </li>
      <li>
        <Link to="/download" className={itemClass} onClick={onChoose}>
          <Trans>App Download</Trans>
        </Link>
      </li>
    </ul>
  );
}
