import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { WhitelabelInfo } from '../../../contract/system.ts';
import { whitelabelQuery } from '../../api/queries.ts';
import { server } from '../../test/authHarness.tsx';
import { answer, member, show } from '../../test/memberHarness.tsx';
import { AccountArea } from './AccountArea.tsx';

vi.mock('../../api/client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/client.ts')>()),
  call: (await import('../../test/authHarness.tsx')).server.call,
}));

const AVATAR = 'data:image/svg+xml;base64,PHN2Zy8+';
const BADGE = 'data:image/svg+xml;base64,PHN2ZyBpZD0iYiIvPg==';

describe('avatar and member icon (spec §7) in the header', () => {
  beforeEach(() => server.reset());

  it('shows the member’s avatar on the account button and its club badge in the menu', async () => {
    show(<AccountArea />, 'member', {}, [
      [whitelabelQuery().queryKey, { features: {}, firebase: null } as unknown as WhitelabelInfo],
    ]);
    const button = await screen.findByRole('button', { name: new RegExp(member.nickname) });
    // The initial until the picture comes.
    expect(within(button).getByText('P')).toBeVisible();
    await answer('/wps/relay/MCSFE_getPlayerAvatar', { avatarUrl: AVATAR });
    expect(await within(button).findByRole('presentation')).toHaveAttribute('src', AVATAR);
    // The badge is asked for when the menu opens.
    expect(server.sent('/wps/member/info/icon')).toHaveLength(0);
    await userEvent.setup().click(button);
    await answer('/wps/member/info/icon', { iconUrl: BADGE, labelName: 'Bronze', rankLevel: 1 });
    const menu = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(await within(menu).findByText('Bronze')).toBeVisible();
    expect(within(menu).getByText('Club rank 1')).toBeVisible();
    expect(menu.querySelector(`img[src="${BADGE}"]`)).not.toBeNull();
  });
});
