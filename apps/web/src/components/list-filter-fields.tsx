import '@mantine/core/styles/Input.layer.css';
import { Button, TextInput, type TextInputProps } from '@mantine/core';
import { IconSearch, IconX } from '@tabler/icons-react';

/** The part of a list's filter state (use-server-list's ListFilterState) these fields use. */
interface SearchState {
  search: string;
  setSearch: (value: string) => void;
}
interface ClearState {
  hasFilters: boolean;
  clearFilters: () => void;
}

/** A filter bar's search box, bound to the list's search (its URL param); `state` is the list's filter state. */
export function ListSearchInput({
  state,
  ...props
}: { state: SearchState } & Omit<TextInputProps, 'value' | 'onChange' | 'type' | 'leftSection'>) {
  return (
    <TextInput
      leftSection={<IconSearch size={16} />}
      value={state.search}
      onChange={(event) => state.setSearch(event.currentTarget.value)}
      type="search"
      {...props}
    />
  );
}

/** "Clear filters" at the end of a filter bar, shown while any filter is set. */
export function ClearFiltersButton({ list, label }: { list: ClearState; label: string }) {
  if (!list.hasFilters) return null;
  return (
    <Button variant="subtle" color="gray" leftSection={<IconX size={16} />} onClick={list.clearFilters}>
      {label}
    </Button>
  );
}
