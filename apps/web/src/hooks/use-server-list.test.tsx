import { queryOptions } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import { level, type ListQueryInput } from '@tutoria/shared';
import i18next from 'i18next';
import { DataTable } from 'mantine-datatable';
import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { clearAuth, storeTokens } from '@/lib/auth-storage';
import { equal, listParam, NEWEST_FIRST } from '@/lib/list-params';
import { queryClient } from '@/lib/query-client';
import { renderInApp } from '../../test/render';
import { defineServerList, prefetchServerList, readListUrl } from './server-list-request';
import { useServerList } from './use-server-list';

interface Row {
  id: string;
  title: string;
}

const filters = z.object({ level: listParam.choice(level), archived: listParam.flag() });
const columns = { title: { type: 'text' }, createMoment: { type: 'time' } } as const;

/** The bodies the list sent, and what the fake server answers: `total` rows, ten a page at most. */
let bodies: ListQueryInput[] = [];
let total = 0;
function answer(body: ListQueryInput) {
  bodies.push(body);
  const { index = 1, size = 10 } = body.page ?? {};
  const count = Math.max(0, Math.min(size, total - (index - 1) * size));
  const data: Row[] = Array.from({ length: count }, (_, i) => ({ id: `${index}-${i}`, title: `Row ${i}` }));
  return Promise.resolve({ data, totalCount: total });
}

const probeList = defineServerList({
  name: 'probe',
  filters,
  searchColumns: ['title', 'name'],
  defaultSort: NEWEST_FIRST,
  columns,
  where: (f) => [equal('level', f.level), f.archived ? equal('archived', true) : null],
  query: (body) => queryOptions({ queryKey: ['probe', body], queryFn: () => answer(body) }),
});

let list: ReturnType<typeof useProbeList>;
function useProbeList() {
  return useServerList(probeList);
}
function Probe() {
  list = useProbeList();
  return (
    <DataTable<Row> {...list.table} {...list.sorting} idAccessor="id" columns={[{ accessor: 'title' }]} />
  );
}

const lastBody = () => bodies.at(-1);

const tokens = { access_token: 'access', refresh_token: 'refresh', expires_in: 3600 };

beforeEach(() => {
  bodies = [];
  total = 0;
  queryClient.clear();
  clearAuth();
});

describe('useServerList', () => {
  it('asks for the first page of ten, newest first, with no filters', async () => {
    renderInApp(<Probe />);
    await waitFor(() =>
      expect(lastBody()).toEqual({
        page: { index: 1, size: 10 },
        where: [],
        order: [{ column: 'createMoment', descending: true }],
      }),
    );
  });

  it('searches in three spellings as one OR group once typing pauses, and keeps the text in the URL', async () => {
    const { search } = renderInApp(<Probe />);
    act(() => list.setSearch('vEctor'));
    await waitFor(() => expect(search().get('q')).toBe('vEctor'));
    const spellings = ['vEctor', 'VEctor', 'vector'];
    await waitFor(() =>
      expect(lastBody()?.where).toEqual([
        [
          ...spellings.map((operand) => ({ column: 'title', comparison: 'Contains', operand })),
          ...spellings.map((operand) => ({ column: 'name', comparison: 'Contains', operand })),
        ],
      ]),
    );
  });

  it('reads filters from the URL, writes them there, and Back takes a filter off again', async () => {
    const { router, search } = renderInApp(<Probe />, { url: '/?level=GCSE' });
    await waitFor(() =>
      expect(lastBody()?.where).toEqual([[{ column: 'level', comparison: 'Equal', operand: 'GCSE' }]]),
    );
    act(() => list.setFilters({ level: 'IELTS', archived: true }));
    expect(search().get('level')).toBe('IELTS');
    expect(search().get('archived')).toBe('true');
    await waitFor(() =>
      expect(lastBody()?.where).toEqual([
        [{ column: 'level', comparison: 'Equal', operand: 'IELTS' }],
        [{ column: 'archived', comparison: 'Equal', operand: true }],
      ]),
    );
    await act(() => router.navigate(-1));
    expect(list.filters).toEqual({ level: 'GCSE', archived: false });
    act(() => list.clearFilters());
    expect(router.state.location.search).toBe('');
  });

  it('ignores a param that is not valid, and a sort outside the contract columns', async () => {
    renderInApp(<Probe />, { url: '/?level=Nope&archived=maybe&sort=-password' });
    await waitFor(() => expect(lastBody()).toBeDefined());
    expect(list.filters).toEqual({ level: null, archived: false });
    expect(lastBody()?.order).toEqual([{ column: 'createMoment', descending: true }]);
  });

  it('sorts through the URL', async () => {
    const { search } = renderInApp(<Probe />);
    act(() => list.sorting.onSortStatusChange({ columnAccessor: 'title', direction: 'asc' }));
    expect(search().get('sort')).toBe('title');
    await waitFor(() => expect(lastBody()?.order).toEqual([{ column: 'title', descending: false }]));
  });

  it('keeps the page and its size in local storage while the filters stay', async () => {
    total = 45;
    const first = renderInApp(<Probe />, { url: '/?level=GCSE' });
    await waitFor(() => expect(list.total).toBe(45));
    act(() => list.setPageSize(20));
    act(() => list.setPage(2));
    await waitFor(() => expect(lastBody()?.page).toEqual({ index: 2, size: 20 }));
    expect(JSON.parse(localStorage.getItem('tutoria.list.probe')!)).toMatchObject({ page: 2, size: 20 });
    first.unmount();

    // Opened again (a reload): the same page of the same list.
    const again = renderInApp(<Probe />, { url: '/?level=GCSE' });
    await waitFor(() => expect(list.rows).toHaveLength(20));
    expect(lastBody()?.page).toEqual({ index: 2, size: 20 });
    expect(list.pageCount).toBe(3);
    // Another filter starts from the first page; the size stays.
    act(() => list.setFilters({ level: 'IELTS' }));
    await waitFor(() => expect(lastBody()?.page).toEqual({ index: 1, size: 20 }));
    again.unmount();
  });

  it('starts from the first page of ten when what is stored is not valid', async () => {
    localStorage.setItem('tutoria.list.probe', '{"size": 7, "page"');
    renderInApp(<Probe />);
    await waitFor(() => expect(lastBody()?.page).toEqual({ index: 1, size: 10 }));
  });

  it('counts ceil(total / size) pages and falls back to the last one past the end', async () => {
    total = 23;
    renderInApp(<Probe />);
    await waitFor(() => expect(list.pageCount).toBe(3));
    act(() => list.setPage(5));
    await waitFor(() => expect(list.page).toBe(3));
    await waitFor(() => expect(list.rows).toHaveLength(3));
  });

  it("shows 'There is no item' when nothing matches, in the current language", async () => {
    renderInApp(<Probe />);
    expect(await screen.findByText('There is no item')).toBeDefined();
    await act(() => i18next.changeLanguage('zh'));
    expect(await screen.findByText('暂无数据')).toBeDefined();
  });

  it("the page's loader asks for the very page the list then shows, so the list draws its rows at once", async () => {
    total = 45;
    const url = '/users?level=GCSE&q=Ann&sort=title';
    const { identity } = readListUrl(probeList, new URLSearchParams(url.split('?')[1]));
    localStorage.setItem('tutoria.list.probe', JSON.stringify({ size: 20, page: 2, of: identity }));
    // Signed out, the loader asks nothing: the signed-in guard sends the visitor to sign in.
    await prefetchServerList(probeList, new Request(`http://localhost${url}`));
    expect(bodies).toHaveLength(0);
    storeTokens(tokens);
    await prefetchServerList(probeList, new Request(`http://localhost${url}`));
    expect(bodies).toHaveLength(1);

    renderInApp(<Probe />, { url, client: queryClient });
    // The first render already holds the rows: nothing is shown empty, nothing is asked twice.
    expect(list.rows).toHaveLength(20);
    expect(bodies).toEqual([
      {
        page: { index: 2, size: 20 },
        where: [
          ['title', 'name'].flatMap((column) =>
            ['Ann', 'ann'].map((operand) => ({ column, comparison: 'Contains', operand })),
          ),
          [{ column: 'level', comparison: 'Equal', operand: 'GCSE' }],
        ],
        order: [{ column: 'title', descending: false }],
      },
    ]);
  });

  it("the page's loader never fails the page: a failed call is left to the list", async () => {
    const failing = defineServerList({
      ...probeList,
      query: (body) =>
        queryOptions({
          queryKey: ['probe-failing', body],
          queryFn: () => Promise.reject(new Error('down')),
          retry: false,
        }),
    });
    storeTokens(tokens);
    await expect(prefetchServerList(failing, new Request('http://localhost/users'))).resolves.toBeNull();
  });
});
