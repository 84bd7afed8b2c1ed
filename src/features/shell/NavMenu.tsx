import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { NAV_DROPDOWN_VENDORS, NAV_GAME_TYPES } from '../../../contract/constants.ts';
import type { GameMenu } from '../../../contract/games.ts';
import { GAME_TYPE_PATH } from '../../domain/routesMap.ts';
import { GAME_TYPE_LABEL } from '../../i18n/labels.ts';
import { Icon } from '../../ui/Icon.tsx';

const itemClass =
  'block rounded-md px-3 py-2 text-sm font-medium hover:bg-line/40 [&.active]:text-accent-ink';

/** One category: its link (vendor filter and page reset) and a dropdown of up to 15 vendors plus More. */
function NavCategory({ menu }: { menu: GameMenu }) {
  const { i18n, t } = useLingui();
  // Open while a mouse is over it, or after its button was pressed (keyboard, touch): for a mouse, hover governs.
  const [hovered, setHovered] = useState(false);
  const [pressed, setPressed] = useState(false);
  const open = hovered || pressed;
  const close = () => {
    setHovered(false);
    setPressed(false);
  };
  const to = GAME_TYPE_PATH[menu.gameType];
  const label = i18n._(GAME_TYPE_LABEL[menu.gameType]);
  const shown = menu.vendors.slice(0, NAV_DROPDOWN_VENDORS);
  const listId = `nav-${menu.gameType}`;
  return (
    // The vendor links are built only while the dropdown is open (hover, or its button): closed, five categories of
    // fifteen links each would be routed, rendered and laid out for nothing on every page's first render.
    <li
      className="relative flex items-center"
      onKeyDown={(e) => e.key === 'Escape' && close()}
      // A mouse only: a tap also enters, and would open the list just before the button's click closes it.
      onPointerEnter={(e) => e.pointerType === 'mouse' && setHovered(true)}
      onPointerLeave={(e) => e.pointerType === 'mouse' && close()}
    >
      <Link to={to} className={itemClass}>
        {label}
      </Link>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={t`${label} providers`}
        onClick={() => setPressed(!open)}
        className="rounded px-1 text-muted hover:text-ink"
      >
        <Icon name="chevron" className="h-4 w-4" />
      </button>
      <ul
        id={listId}
        hidden={!open}
        className="z-40 min-w-48 rounded-lg border border-line bg-raised p-1 shadow-xl lg:absolute lg:left-0 lg:top-full"
      >
        {open && (
          <>
            {shown.map((v) => (
              <li key={v.vassalage}>
                <Link to={to} search={{ vendor: v.vassalage }} className={itemClass} onClick={close}>
                  {v.displayName}
                </Link>
              </li>
            ))}
            <li>
              <Link to={to} className={`${itemClass} text-accent-ink`} onClick={close}>
                <Trans>More</Trans>
              </Link>
            </li>
          </>
        )}
      </ul>
    </li>
  );
}

/** Header nav: categories that have vendors, in the spec's order, then Promotions and App Download. */
export function NavMenu({ menus }: { menus: GameMenu[] }) {
  const listed = NAV_GAME_TYPES.flatMap((type) =>
    menus.filter((m) => m.gameType === type && m.vendors.length > 0),
  );
  return (
    <ul className="flex flex-col gap-1 lg:flex-row lg:items-center">
      <li>
        <Link to="/" className={itemClass} activeOptions={{ exact: true }}>
          <Trans>Home</Trans>
        </Link>
      </li>
      {listed.map((m) => (
        <NavCategory key={m.gameType} menu={m} />
      ))}
      <li>
        <Link to="/promotions" className={itemClass}>
          <Trans>Promotions</Trans>
        </Link>
      </li>
      <li>
        <Link to="/download" className={itemClass}>
          <Trans>App Download</Trans>
        </Link>
      </li>
    </ul>
  );
}
