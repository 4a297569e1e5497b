import { queryOptions } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { ListQueryInput } from '@tutoria/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineServerList, prefetchServerList } from '@/hooks/server-list-request';
import { useServerList } from '@/hooks/use-server-list';
import { storeTokens, clearAuth } from '@/lib/auth-storage';
import { NEWEST_FIRST } from '@/lib/list-params';
import { queryClient } from '@/lib/query-client';
import { renderInApp } from '../../test/render';
import { ListTable, VIRTUAL_FROM } from './list-table';

interface Row {
  id: string;
  name: string;
}

/** The bodies the lists sent; the fake server answers `total` rows, as many as a page holds. */
let bodies: ListQueryInput[] = [];
const total = 450;
function answer(body: ListQueryInput) {
  bodies.push(body);
  const { index = 1, size = 10 } = body.page ?? {};
  const count = Math.max(0, Math.min(size, total - (index - 1) * size));
  const data: Row[] = Array.from({ length: count }, (_, i) => ({
    id: `${index}-${i}`,
    name: `Person ${(index - 1) * size + i + 1}`,
  }));
  return Promise.resolve({ data, totalCount: total });
}

const USERS_LIKE_SIZES = [10, 20, 50, 100, 200];
const bigList = defineServerList({
  name: 'big',
  filters: z.object({}),
  pageSizes: USERS_LIKE_SIZES,
  defaultSort: NEWEST_FIRST,
  columns: { name: { type: 'text' }, createMoment: { type: 'time' } },
  query: (body) => queryOptions({ queryKey: ['big', body], queryFn: () => answer(body) }),
});

let list: ReturnType<typeof useBigList>;
function useBigList() {
  return useServerList(bigList);
}
function BigList() {
  list = useBigList();
  return (
    <ListTable<Row>
      {...list.table}
      virtualize
      idAccessor="id"
      aria-label="People"
      customRowAttributes={(row) => ({ 'data-person': row.name })}
      columns={[
        { accessor: 'name', title: 'Name', phone: 'title' },
        { accessor: 'id', title: 'Key' },
      ]}
    />
  );
}

const lastBody = () => bodies.at(-1);
const drawnRows = () => screen.queryAllByRole('row').filter((row) => row.hasAttribute('data-person'));
const indexesOf = (rows: HTMLElement[]) => rows.map((row) => Number(row.getAttribute('aria-rowindex')));

/** jsdom lays nothing out and has no ResizeObserver: every row keeps its estimated 60 px; the window is 800 px. */
function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

/** A desktop window: the test setup's `matchMedia` matches nothing, which hides every table cell. */
const setupMatchMedia = window.matchMedia;
function windowOf(phone: boolean) {
  window.matchMedia = ((query: string) => ({
    ...setupMatchMedia(query),
    matches: query.includes('max-width') ? phone : true,
  })) as typeof setupMatchMedia;
}

beforeEach(() => {
  windowOf(false);
  bodies = [];
  queryClient.clear();
  clearAuth();
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: 800 });
  Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
});

afterEach(() => {
  window.matchMedia = setupMatchMedia;
});

describe('a list with its own page sizes (the users list, issue 31)', () => {
  it('offers its sizes up to 200, starts with the first and asks for the one chosen', async () => {
    renderInApp(<BigList />);
    await waitFor(() => expect(lastBody()?.page).toEqual({ index: 1, size: 10 }));
    expect(list.table.recordsPerPageOptions).toEqual([10, 20, 50, 100, 200]);
    act(() => list.setPageSize(200));
    await waitFor(() => expect(lastBody()?.page).toEqual({ index: 1, size: 200 }));
    await waitFor(() => expect(list.rows).toHaveLength(200));
    expect(list.pageCount).toBe(3);
    expect(JSON.parse(localStorage.getItem('tutoria.list.big')!)).toMatchObject({ size: 200, page: 1 });
  });

  it('falls back to its first size when what is stored is a size it does not offer', async () => {
    localStorage.setItem('tutoria.list.big', JSON.stringify({ size: 12, page: 1, of: '' }));
    renderInApp(<BigList />);
    await waitFor(() => expect(lastBody()?.page).toEqual({ index: 1, size: 10 }));
  });

  it("the page's loader asks for the stored size of 200, so the list draws at once", async () => {
    localStorage.setItem('tutoria.list.big', JSON.stringify({ size: 200, page: 1, of: '' }));
    storeTokens({ access_token: 'access', refresh_token: 'refresh', expires_in: 3600 });
    await prefetchServerList(bigList, new Request('http://localhost/people'));
    expect(bodies.map((body) => body.page)).toEqual([{ index: 1, size: 200 }]);
  });
});

describe('search as you type', () => {
  it('waits for typing to pause, cancels the call still on its way, and keeps the rows shown until the next come', async () => {
    const calls: { text: string; signal: AbortSignal; answer: (rows: Row[]) => void }[] = [];
    const searched = defineServerList({
      name: 'searched',
      filters: z.object({}),
      searchColumns: ['name'],
      query: (body) =>
        queryOptions({
          queryKey: ['searched', body],
          queryFn: ({ signal }) =>
            new Promise<{ data: Row[]; totalCount: number }>((resolve) => {
              const text = String(body.where?.[0]?.[0]?.operand ?? '');
              calls.push({
                text,
                signal,
                answer: (rows) => resolve({ data: rows, totalCount: rows.length }),
              });
            }),
        }),
    });
    const useSearched = () => useServerList(searched);
    let shown!: ReturnType<typeof useSearched>;
    function Searched() {
      shown = useSearched();
      return null;
    }
    renderInApp(<Searched />);
    await waitFor(() => expect(calls).toHaveLength(1));
    act(() => calls[0]!.answer([{ id: 'a', name: 'Ann' }]));
    await waitFor(() => expect(shown.rows).toHaveLength(1));

    // Three keys in quick succession: one call, once typing pauses.
    act(() => shown.setSearch('c'));
    act(() => shown.setSearch('ch'));
    act(() => shown.setSearch('che'));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]!.text).toBe('che');
    // While it is on its way the rows shown stay; a newer text cancels it.
    expect(shown.rows.map((row) => row.name)).toEqual(['Ann']);
    act(() => shown.setSearch('chen'));
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]!.text).toBe('chen');
    expect(calls[1]!.signal.aborted).toBe(true);
    expect(shown.rows.map((row) => row.name)).toEqual(['Ann']);
    act(() => calls[2]!.answer([{ id: 'c', name: 'Chen' }]));
    await waitFor(() => expect(shown.rows.map((row) => row.name)).toEqual(['Chen']));
    expect(calls[2]!.signal.aborted).toBe(false);
  });
});

describe('ListTable virtualised', () => {
  it('draws a page of 200 rows as the rows in the window, with the row count and each row’s index', async () => {
    localStorage.setItem('tutoria.list.big', JSON.stringify({ size: 200, page: 1, of: '' }));
    renderInApp(<BigList />);
    await waitFor(() => expect(list.rows).toHaveLength(200));
    const table = await screen.findByRole('table', { name: 'People' });
    expect(table.getAttribute('aria-rowcount')).toBe('201');
    expect(within(table).getAllByRole('row')[0]!.getAttribute('aria-rowindex')).toBe('1');

    const rows = drawnRows();
    // 800 px of window at 60 px a row, and the rows drawn beyond it: far fewer than 200.
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.length).toBeLessThan(40);
    expect(indexesOf(rows)).toEqual(rows.map((_, i) => i + 2));
    expect(rows[0]!.getAttribute('data-person')).toBe('Person 1');
    // Below the drawn rows one hidden spacer keeps the page as tall as 200 rows.
    const spacer = table.querySelector('[data-virtual-spacer="after"]')!;
    expect(spacer.getAttribute('aria-hidden')).toBe('true');
    expect(spacer.querySelector('td')!.style.height).toBe(`${(200 - rows.length) * 60}px`);
  });

  it('draws the rows further down as the page scrolls, keeping their place in the table', async () => {
    localStorage.setItem('tutoria.list.big', JSON.stringify({ size: 200, page: 1, of: '' }));
    renderInApp(<BigList />);
    await waitFor(() => expect(drawnRows().length).toBeGreaterThan(0));
    scrollTo(100 * 60);
    await waitFor(() => expect(screen.queryByText('Person 101')).not.toBeNull());
    const rows = drawnRows();
    expect(screen.queryByText('Person 1')).toBeNull();
    const first = Number(rows[0]!.getAttribute('aria-rowindex'));
    expect(indexesOf(rows)).toEqual(rows.map((_, i) => first + i));
    const person = Number(rows[0]!.getAttribute('data-person')!.split(' ')[1]);
    expect(first).toBe(person + 1);
    expect(document.querySelector('[data-virtual-spacer="before"]')).not.toBeNull();
  });

  it('keeps the row holding the keyboard focus drawn when the page scrolls away from it', async () => {
    localStorage.setItem('tutoria.list.big', JSON.stringify({ size: 200, page: 1, of: '' }));
    function Focusable() {
      list = useBigList();
      return (
        <ListTable<Row>
          {...list.table}
          virtualize
          idAccessor="id"
          customRowAttributes={(row) => ({ 'data-person': row.name })}
          columns={[{ accessor: 'name', render: (row) => <button type="button">{row.name}</button> }]}
        />
      );
    }
    renderInApp(<Focusable />);
    const button = await screen.findByRole('button', { name: 'Person 3' });
    act(() => button.focus());
    scrollTo(150 * 60);
    await waitFor(() => expect(screen.queryByText('Person 151')).not.toBeNull());
    expect(document.activeElement).toBe(button);
    expect(button.closest('tr')!.getAttribute('aria-rowindex')).toBe('4');
  });

  it(`draws a page of up to ${VIRTUAL_FROM} rows whole, as every other list`, async () => {
    localStorage.setItem('tutoria.list.big', JSON.stringify({ size: 20, page: 1, of: '' }));
    renderInApp(<BigList />);
    await waitFor(() => expect(drawnRows()).toHaveLength(20));
    expect(screen.getByRole('table').hasAttribute('aria-rowcount')).toBe(false);
    expect(document.querySelector('[data-virtual-spacer]')).toBeNull();
  });

  it('is cards on a phone: every row of the page, no table', async () => {
    windowOf(true);
    localStorage.setItem('tutoria.list.big', JSON.stringify({ size: 100, page: 1, of: '' }));
    renderInApp(<BigList />);
    await waitFor(() => expect(document.querySelectorAll('li[data-phone-row]')).toHaveLength(100));
    expect(screen.queryByRole('table')).toBeNull();
  });
});
