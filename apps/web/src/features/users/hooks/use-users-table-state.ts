import { useLocalStorage } from '@mantine/hooks';
import { DEFAULT_PAGE_SIZE, type Role, type BaseType } from '@tutoria/shared';

export interface UsersTableState {
  page: number;
  size: number;
  search: string;
  role: Role | null;
  baseType: BaseType | null;
  archived: boolean;
  /** Scoped staff only: list the staff directory beside their own students (`ignoreRoleFilter`). */
  staff: boolean;
  sort: { columnAccessor: string; direction: 'asc' | 'desc' };
}

export const PAGE_SIZES = [DEFAULT_PAGE_SIZE, 12, 20, 50];

const initial: UsersTableState = {
  page: 1,
  size: DEFAULT_PAGE_SIZE,
  search: '',
  role: null,
  baseType: null,
  archived: false,
  staff: false,
  sort: { columnAccessor: 'createMoment', direction: 'desc' },
};

/** Paging, filters and sort of the users table, kept in local storage (SPEC §9). */
export function useUsersTableState() {
  const [state, setState] = useLocalStorage<UsersTableState>({
    key: 'tutoria.paging.users',
    defaultValue: initial,
    getInitialValueInEffect: false,
    deserialize: (raw) => {
      try {
        const parsed = raw ? (JSON.parse(raw) as Partial<UsersTableState>) : {};
        return {
          ...initial,
          ...parsed,
          size: PAGE_SIZES.includes(parsed.size ?? 0) ? parsed.size! : initial.size,
        };
      } catch {
        return initial;
      }
    },
  });
  /** Changing a filter starts again from the first page. */
  const update = (change: Partial<UsersTableState>) =>
    setState((current) => ({ ...current, ...change, page: 'page' in change ? change.page! : 1 }));
  return [state, update] as const;
}
