import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HelpItem } from '../../../contract/help.ts';
import { ApiError } from '../../api/client.ts';
import { mount, server } from '../../test/authHarness.tsx';
import { FeedbackForm } from './FeedbackForm.tsx';
import { HelpModal } from './HelpModal.tsx';
import { HelpPage } from './HelpPage.tsx';

vi.mock('../../api/client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/client.ts')>()),
  call: (await import('../../test/authHarness.tsx')).server.call,
}));

const HELP = '/wps/system/helpCenter';
const FEEDBACK = '/wps/feedback';

afterEach(() => server.reset());

const ITEMS: HelpItem[] = Array.from({ length: 12 }, (_, i) => ({
  id: 100 + i,
  title: `Topic ${i + 1}`,
  content: `<p>Answer <b>${i + 1}</b></p>`,
  anchor: null,
}));
ITEMS[10] = {
  ...ITEMS[10]!,
  title: 'Terms and conditions',
  anchor: 'term',
  content: '<ol><li>Be 18</li></ol>',
};
ITEMS[11] = { ...ITEMS[11]!, title: 'About us', anchor: 'about' };

async function answerHelp(list = ITEMS) {
  await waitFor(() => expect(server.pending(HELP)).toHaveLength(1));
  expect(server.next(HELP).input.query).toEqual({ language: 'en', device: 'WEB' });
  await server.reply(HELP, { list });
  await waitFor(() => expect(titles().length).toBeGreaterThan(0));
}

/** The items' disclosure buttons, by their titles (the ▾ is decoration). */
const titles = () =>
  screen
    .queryAllByRole('button')
    .filter((b) => b.hasAttribute('aria-expanded'))
    .map((b) => b.textContent!.replace('▾', ''));

describe('help modal', () => {
  it('shows the first 4 items, expands one, links to all of them and closes', async () => {
    const onClose = vi.fn();
    mount(<HelpModal hash="" onClose={onClose} />, { router: true });
    const dialog = screen.getByRole('dialog', { name: 'Help center' });
    await answerHelp();
    expect(titles()).toEqual(['Topic 1', 'Topic 2', 'Topic 3', 'Topic 4']);
    expect(screen.getByRole('button', { name: 'Topic 1' })).toHaveFocus();
    const panelOf = (title: string) =>
      document.getElementById(screen.getByRole('button', { name: title }).getAttribute('aria-controls')!)!;
    expect(panelOf('Topic 1')).not.toBeVisible();
    expect(panelOf('Topic 1')).toBeEmptyDOMElement();

    const second = screen.getByRole('button', { name: 'Topic 2' });
    expect(second).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(second);
    expect(second).toHaveAttribute('aria-expanded', 'true');
    const panel = panelOf('Topic 2');
    expect(panel).toBeVisible();
    expect(panel.querySelector('b')).toHaveTextContent('2');
    await userEvent.click(second);
    expect(second).toHaveAttribute('aria-expanded', 'false');

    expect(within(dialog).getByRole('link', { name: 'More help topics' })).toHaveAttribute('href', '/helpmc');
    expect(within(dialog).getByRole('form', { name: 'Feedback' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('opens the terms for /help#term, though they are not among the first items', async () => {
    mount(<HelpModal hash="term" onClose={() => {}} />, { router: true });
    await answerHelp();
    expect(titles()).toEqual(['Topic 1', 'Topic 2', 'Topic 3', 'Topic 4', 'Terms and conditions']);
    const terms = screen.getByRole('button', { name: 'Terms and conditions' });
    expect(terms).toHaveAttribute('aria-expanded', 'true');
    expect(terms).toHaveFocus();
    expect(document.getElementById('help-term')).toHaveTextContent('Be 18');
    expect(screen.getByRole('button', { name: 'Topic 1' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('moves to the feedback form for /help#feedback', async () => {
    mount(<HelpModal hash="feedback" onClose={() => {}} />, { router: true });
    await answerHelp();
    expect(screen.getByRole('textbox', { name: 'Your feedback' })).toHaveFocus();
  });

  it('says when the items could not load and tries again', async () => {
    mount(<HelpModal hash="" onClose={() => {}} />, { router: true });
    await waitFor(() => expect(server.pending(HELP)).toHaveLength(1));
    await server.fail(HELP, new ApiError('NETWORK', 'offline'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Network abnormal, please try again.');
    expect(screen.getByRole('form', { name: 'Feedback' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await answerHelp();
    expect(screen.getByRole('button', { name: 'Topic 1' })).toBeInTheDocument();
  });
});

describe('help page', () => {
  it('holds 8 items a page and pages through the rest', async () => {
    mount(<HelpPage />, { router: true });
    await answerHelp();
    expect(titles()).toHaveLength(8);
    expect(titles()[0]).toBe('Topic 1');
    const pager = screen.getByRole('navigation', { name: 'Help pages' });
    expect(within(pager).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(within(pager).getByRole('button', { name: 'Page 2' }));
    expect(titles()).toEqual(['Topic 9', 'Topic 10', 'Terms and conditions', 'About us']);
    await userEvent.click(screen.getByRole('button', { name: 'Topic 9' }));
    expect(screen.getByText('9')).toBeVisible();
  });

  it('starts on the page of a linked item, with it open', async () => {
    mount(<HelpPage hash="about" />, { router: true });
    await answerHelp();
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'About us' })).toHaveAttribute('aria-expanded', 'true');
  });
});

describe('feedback form', () => {
  it('counts characters as they are typed and refuses empty or over-long feedback without sending', async () => {
    mount(<FeedbackForm />);
    const field = screen.getByRole('textbox', { name: 'Your feedback' });
    expect(screen.getByText('0/140')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(/Input must not be empty/);

    await userEvent.type(field, '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(field).toHaveAccessibleDescription(/Input must not be empty/);

    await userEvent.clear(field);
    await userEvent.click(field);
    await userEvent.paste('x'.repeat(141));
    expect(screen.getByText('141/140')).toBeInTheDocument();
    expect(field).toHaveAccessibleDescription(/At most 140 characters/);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(server.sent(FEEDBACK)).toHaveLength(0);

    await userEvent.type(field, '{Backspace}');
    expect(screen.getByText('140/140')).toBeInTheDocument();
    expect(field).not.toHaveAttribute('aria-invalid');
  });

  it('keeps the text when sending fails and shows the server’s words, then thanks on success', async () => {
    mount(<FeedbackForm />);
    const field = screen.getByRole('textbox', { name: 'Your feedback' });
    await userEvent.type(field, '  Faster withdrawals please ');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(server.pending(FEEDBACK)).toHaveLength(1));
    expect(server.next(FEEDBACK).input.body).toEqual({ content: 'Faster withdrawals please' });
    await server.fail(
      FEEDBACK,
      new ApiError('RATE_LIMITED', 'Too many requests, try again in 540 s', {}, 429),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests, try again in 540 s');
    expect(field).toHaveValue('  Faster withdrawals please ');

    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(server.pending(FEEDBACK)).toHaveLength(1));
    await server.fail(
      FEEDBACK,
      new ApiError('VALIDATION', 'Invalid body', { content: 'At most 140 characters' }, 400),
    );
    await waitFor(() => expect(field).toHaveAccessibleDescription(/At most 140 characters/));
    expect(field).toHaveValue('  Faster withdrawals please ');

    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(server.pending(FEEDBACK)).toHaveLength(1));
    await server.reply(FEEDBACK, { id: 9 });
    expect(await screen.findByRole('status')).toHaveTextContent('Thank you! Your feedback has been sent.');
    expect(field).toHaveValue('');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
