import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pagination, pageList } from './Pagination.tsx';

describe('pageList: 2 margin pages and a range of 5 (spec §2)', () => {
  it('lists every page when they all fit', () => {
    expect(pageList(1, 1)).toEqual([1]);
    expect(pageList(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageList(1, 9)).toEqual([1, 2, 3, 4, 5, 'gap', 8, 9]);
  });

  it('keeps the range whole at either end', () => {
    expect(pageList(1, 20)).toEqual([1, 2, 3, 4, 5, 'gap', 19, 20]);
    expect(pageList(2, 20)).toEqual([1, 2, 3, 4, 5, 'gap', 19, 20]);
    expect(pageList(20, 20)).toEqual([1, 2, 'gap', 16, 17, 18, 19, 20]);
  });

  it('centres the range on the current page with gaps on both sides', () => {
    expect(pageList(10, 20)).toEqual([1, 2, 'gap', 8, 9, 10, 11, 12, 'gap', 19, 20]);
  });

  it('shows a single left-out page instead of a gap', () => {
    expect(pageList(6, 20)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 'gap', 19, 20]);
    expect(pageList(15, 20)).toEqual([1, 2, 'gap', 13, 14, 15, 16, 17, 18, 19, 20]);
  });

  it('clamps a current page out of range and has no pages for an empty list', () => {
    expect(pageList(99, 20)).toEqual(pageList(20, 20));
    expect(pageList(0, 20)).toEqual(pageList(1, 20));
    expect(pageList(1, 0)).toEqual([]);
  });
});

const renderPager = (page: number, totalPages: number, onChange = vi.fn()) => {
  render(
    <I18nProvider i18n={i18n}>
      <Pagination page={page} totalPages={totalPages} onChange={onChange} label="Game pages" />
    </I18nProvider>,
  );
  return onChange;
};

describe('Pagination', () => {
  it('is not shown for a single page', () => {
    renderPager(1, 1);
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('marks the current page and moves with the page buttons, previous and next', async () => {
    const onChange = renderPager(10, 20);
    const nav = screen.getByRole('navigation', { name: 'Game pages' });
    expect(nav).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 10' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Page 9' })).not.toHaveAttribute('aria-current');
    expect(screen.queryByRole('button', { name: 'Page 3' })).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Page 19' }));
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.click(screen.getByRole('button', { name: 'Page 10' }));
    expect(onChange.mock.calls).toEqual([[19], [9], [11]]);
  });

  it('has no previous page on the first page and no next page on the last', () => {
    renderPager(1, 3);
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeEnabled();
  });

  it('shows page numbers in the locale’s digits', () => {
    i18n.loadAndActivate({ locale: 'my', messages: {} });
    try {
      renderPager(2, 3);
      expect(screen.getByRole('button', { name: 'Page 3' })).toHaveTextContent(/^၃$/);
    } finally {
      i18n.loadAndActivate({ locale: 'en', messages: {} });
    }
  });
});
