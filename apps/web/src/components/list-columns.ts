import { useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { DataTableColumn } from 'mantine-datatable';
import type { Key, ReactNode } from 'react';

/**
 * Where a column goes when a list is drawn as cards on a phone (issue 27): `title` at the card's
 * top, `field` as a labelled line under it (the default), `actions` beside the title (the row's
 * menu or buttons, always in view), `hidden` not on the card (secondary columns).
 */
export type PhoneRole = 'title' | 'field' | 'actions' | 'hidden';

/** A list's column: mantine-datatable's, and where it goes on a phone. */
export type ListColumn<T> = DataTableColumn<T> & { phone?: PhoneRole };

/** A column named `actions` is the row's actions unless it says otherwise. */
export function phoneRole<T>(column: ListColumn<T>): PhoneRole {
  return column.phone ?? (column.accessor === 'actions' ? 'actions' : 'field');
}

/** The column as mantine-datatable takes it (without the phone's metadata). */
export function tableColumn<T>({ phone: _phone, ...column }: ListColumn<T>): DataTableColumn<T> {
  return column;
}

/** A record's value at a dotted accessor (`source.classroomName`), as mantine-datatable reads it. */
function valueAt(record: unknown, accessor: string): unknown {
  return accessor
    .split('.')
    .reduce<unknown>(
      (value, key) => (value == null ? undefined : (value as Record<string, unknown>)[key]),
      record,
    );
}

/** What a column shows for a record: its render, else the value at its accessor. */
export function cellContent<T>(column: ListColumn<T>, record: T, index: number): ReactNode {
  if (column.render) return column.render(record, index);
  const value = valueAt(record, String(column.accessor));
  return value == null ? null : (value as ReactNode);
}

export type IdAccessor<T> = keyof T | (string & NonNullable<unknown>) | ((record: T) => Key);

export function recordKey<T>(record: T, idAccessor: IdAccessor<T> | undefined, index: number): Key {
  if (typeof idAccessor === 'function') return idAccessor(record);
  const id = valueAt(record, String(idAccessor ?? 'id'));
  return typeof id === 'string' || typeof id === 'number' ? id : index;
}

/**
 * Whether lists are drawn as cards: below Mantine's `sm` (48em), where the shell folds its sidebar.
 * Read while rendering (the signed-in pages are never drawn on the server), so a phone draws its
 * cards at once and a desktop never mounts them.
 */
export function usePhoneLayout(): boolean {
  const theme = useMantineTheme();
  return useMediaQuery(`(max-width: ${theme.breakpoints.sm})`, false, { getInitialValueInEffect: false });
}
