import { TableTr } from '@mantine/core';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { DataTable, type DataTableProps } from 'mantine-datatable';
import { type RefObject, useCallback, useLayoutEffect, useRef, useState } from 'react';
import { type IdAccessor, recordKey } from './list-columns';

/** A row's height before it is measured (the users table's rows are 57–65 px at `verticalSpacing="sm"`). */
const ESTIMATED_ROW_HEIGHT = 60;
/** Rows drawn beyond each edge of the window, so a scroll or a Tab lands on a row already there. */
const OVERSCAN = 5;

const hiddenSpacer = { padding: 0, border: 0 } as const;

/**
 * Where the last table's body started: the first render's guess, so a list opened again draws the
 * window's rows at once instead of a screenful more, taken back as soon as the body is measured.
 */
let lastBodyTop = 0;

/** Where the table's body starts in the document: the window virtualizer's `scrollMargin`. */
function useBodyTop(body: RefObject<HTMLTableSectionElement | null>) {
  const [top, setTop] = useState(lastBodyTop);
  useLayoutEffect(() => {
    const measure = () => {
      const element = body.current;
      if (!element) return;
      lastBodyTop = Math.round(element.getBoundingClientRect().top + window.scrollY);
      setTop(lastBodyTop);
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [body]);
  return top;
}

/**
 * mantine-datatable's `DataTable` drawing only the rows in and near the window (issue 31): a page of
 * 200 users draws about twenty rows and two spacer rows that keep the scroll height, the rest as the
 * page scrolls (`@tanstack/react-virtual`, measured row by row). The table keeps its semantics for
 * assistive technology: `aria-rowcount` says how many rows the page has (header included), each
 * drawn row its `aria-rowindex`, the spacers are hidden. The row holding the keyboard focus stays
 * drawn, with its neighbours, while the page scrolls away from it, so Tab and Shift+Tab go from row
 * to row over the whole page (each focus scrolls its row into view). Column renders and row
 * callbacks get the index within the drawn rows.
 */
export function VirtualDataTable<T>(props: DataTableProps<T> & { records: T[] }) {
  const { records, idAccessor } = props;
  const body = useRef<HTMLTableSectionElement>(null);
  const table = useRef<HTMLTableElement>(null);
  // The row holding the keyboard focus (a row's menu, a link in a cell), the row before it and the
  // five after it stay drawn.
  const [focused, setFocused] = useState<number | null>(null);
  const scrollMargin = useBodyTop(body);
  const keyOf = useCallback(
    (index: number) => recordKey(records[index] as T, idAccessor as IdAccessor<T> | undefined, index),
    [records, idAccessor],
  );
  const virtualizer = useWindowVirtualizer<HTMLTableRowElement>({
    count: records.length,
    estimateSize: () => ESTIMATED_ROW_HEIGHT,
    overscan: OVERSCAN,
    scrollMargin,
    getItemKey: keyOf,
    // The first render already knows the window, so the first frame has its rows.
    initialRect: { width: window.innerWidth, height: window.innerHeight },
    initialOffset: () => window.scrollY,
    // A row's height as its ResizeObserver reports it once laid out; until then the estimate. The
    // library's default reads `offsetHeight` as each row mounts: a layout forced inside React's commit.
    measureElement: (element, entry, instance) => {
      const box = entry?.borderBoxSize?.[0];
      if (box) return Math.round(box.blockSize);
      const key = instance.options.getItemKey(instance.indexFromElement(element));
      return instance.itemSizeCache.get(key) ?? ESTIMATED_ROW_HEIGHT;
    },
  });

  // Which row holds the focus. Set in the focus event itself, so the rows after it are drawn before
  // the next key: a Tab from the last drawn row would otherwise leave the table.
  useLayoutEffect(() => {
    const element = body.current;
    if (!element) return;
    const rowOf = (target: EventTarget | null) => {
      const row = (target as Element | null)?.closest?.('tr[data-index]');
      return row ? Number(row.getAttribute('data-index')) : null;
    };
    const onFocusIn = (event: FocusEvent) => setFocused(rowOf(event.target));
    const onFocusOut = (event: FocusEvent) => {
      if (!element.contains(event.relatedTarget as Node | null)) setFocused(null);
    };
    element.addEventListener('focusin', onFocusIn);
    element.addEventListener('focusout', onFocusOut);
    return () => {
      element.removeEventListener('focusin', onFocusIn);
      element.removeEventListener('focusout', onFocusOut);
    };
  }, []);

  // The header row is the table's first row for assistive technology.
  useLayoutEffect(() => {
    table.current?.querySelector('thead tr')?.setAttribute('aria-rowindex', '1');
  });

  const items = virtualizer.getVirtualItems();
  const measurements = virtualizer.measurementsCache;
  let start = items[0]?.index ?? 0;
  let end = (items.at(-1)?.index ?? -1) + 1;
  if (focused !== null && focused < records.length) {
    start = Math.min(start, Math.max(0, focused - 1));
    end = Math.min(records.length, Math.max(end, focused + 1 + OVERSCAN));
  }
  const drawn = records.slice(start, end);
  const before = (measurements[start]?.start ?? scrollMargin) - scrollMargin;
  const after = Math.max(0, (measurements.at(-1)?.end ?? 0) - (measurements[end - 1]?.end ?? 0));
  const span = props.columns?.length ?? 1;
  const spacer = (height: number, place: string) =>
    height > 0 ? (
      <tr aria-hidden data-virtual-spacer={place}>
        <td colSpan={span} style={{ ...hiddenSpacer, height }} />
      </tr>
    ) : null;

  return (
    <DataTable<T>
      {...(props as DataTableProps<T>)}
      records={drawn}
      aria-rowcount={records.length + 1}
      tableRef={(element) => {
        table.current = element;
      }}
      bodyRef={(element) => {
        body.current = element;
      }}
      rowFactory={({ index, rowProps, children, expandedElement }) => {
        const absolute = start + index;
        return (
          <>
            {index === 0 ? spacer(before, 'before') : null}
            <TableTr
              {...rowProps}
              ref={virtualizer.measureElement}
              data-index={absolute}
              aria-rowindex={absolute + 2}
            >
              {children}
            </TableTr>
            {expandedElement}
            {index === drawn.length - 1 ? spacer(after, 'after') : null}
          </>
        );
      }}
    />
  );
}
