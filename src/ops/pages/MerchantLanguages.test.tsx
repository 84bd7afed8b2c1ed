import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client.ts';
import { answer, reset, server, signedIn } from '../../test/opsHarness.tsx';

vi.mock('../../api/client.ts', async (original) =>
  (await import('../../test/opsClientMock.ts')).opsClientMock(original),
);

afterEach(reset);

const UPDATE = '/ops/merchants/:code';
const languages = () => screen.findByRole('region', { name: 'Languages' });

describe('Merchant languages', () => {
  it('saves the languages offered, the TY language among them and the full-list flag together', async () => {
    await signedIn('ADMIN', '/ops?page=merchants&merchant=LOTUS');
    const panel = await languages();
    // The harness's merchants offer vi, th and zh; TY speaks Vietnamese.
    expect(within(panel).getByRole('checkbox', { name: 'Thai' })).toBeChecked();
    expect(within(panel).getByRole('checkbox', { name: 'Japanese' })).not.toBeChecked();
    await userEvent.click(within(panel).getByRole('checkbox', { name: 'Japanese' }));
    await userEvent.click(within(panel).getByRole('checkbox', { name: 'Simplified Chinese' }));
    const ty = within(panel).getByLabelText('The TY entry speaks');
    expect(
      within(ty)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose one of the languages offered', 'Vietnamese', 'Thai', 'Japanese']);
    await userEvent.selectOptions(ty, 'ja');
    await userEvent.click(
      within(panel).getByRole('switch', { name: 'List every language offered in the switch' }),
    );
    await userEvent.click(within(panel).getByRole('button', { name: 'Save languages' }));
    await waitFor(() => expect(server.pending(UPDATE)).toHaveLength(1));
    expect(server.next(UPDATE).input).toEqual({
      params: { code: 'LOTUS' },
      body: { languages: ['vi', 'th', 'ja'], tyLanguage: 'ja', features: { LANGUAGE_LIST: true } },
    });
    await server.reply(UPDATE, { merchantCode: 'LOTUS' });
    expect(await screen.findByRole('status')).toHaveTextContent('LOTUS is saved.');
    // The flag is set here, not among the other flags.
    const flags = screen.getByRole('region', { name: 'Feature flags' });
    expect(within(flags).queryByRole('switch', { name: 'LANGUAGE_LIST' })).toBeNull();
  });

  it('shows the server’s words under the list when the TY language is taken off it', async () => {
    await signedIn('ADMIN', '/ops?page=merchants');
    const panel = await languages();
    await userEvent.click(within(panel).getByRole('checkbox', { name: 'Vietnamese' }));
    expect(within(panel).getByLabelText('The TY entry speaks')).toHaveValue('');
    await userEvent.click(within(panel).getByRole('button', { name: 'Save languages' }));
    await waitFor(() => expect(server.pending(UPDATE)).toHaveLength(1));
    expect(server.next(UPDATE).input.body).toEqual({
      languages: ['th', 'zh'],
      features: { LANGUAGE_LIST: false },
    });
    const wrong = 'Keep the TY language among the languages offered';
    await server.fail(UPDATE, new ApiError('VALIDATION', wrong, { languages: wrong }, 400));
    await waitFor(() =>
      expect(
        within(panel).getByRole('group', { name: 'Languages offered besides English' }),
      ).toHaveAccessibleDescription(wrong),
    );
    expect(within(panel).getByRole('checkbox', { name: 'Vietnamese' })).not.toBeChecked();
  });

  it('shows CONTENT the languages read-only', async () => {
    await signedIn('CONTENT', '/ops?page=merchants');
    const panel = await languages();
    expect(within(panel).getByRole('checkbox', { name: 'Thai' })).toBeDisabled();
    expect(within(panel).queryByRole('button', { name: 'Save languages' })).toBeNull();
  });
});

describe('Text fields per language', () => {
  it('show English and the merchant’s languages, and the others one at a time on demand', async () => {
    await signedIn('CONTENT', '/ops?page=help-items');
    await answer('/ops/merchants/:code/help-items', { list: [] });
    await userEvent.click(await screen.findByRole('button', { name: 'Add help item' }));
    const titles = () =>
      screen.getAllByRole('textbox', { name: /^Title \(/ }).map((f) => f.getAttribute('aria-label') ?? f.id);
    expect(screen.getByLabelText('Title (English)')).toBeInTheDocument();
    expect(screen.getByLabelText('Title (Thai)')).toBeInTheDocument();
    expect(screen.queryByLabelText('Title (Korean)')).toBeNull();
    expect(titles()).toHaveLength(4);
    const [addTitle] = screen.getAllByRole('combobox', { name: 'Add a language' });
    await userEvent.selectOptions(addTitle!, 'ko');
    await userEvent.type(screen.getByLabelText('Title (Korean)'), '출금');
    expect(titles()).toHaveLength(5);
    expect(screen.getByLabelText('Title (Korean)')).toHaveValue('출금');
  });
});
