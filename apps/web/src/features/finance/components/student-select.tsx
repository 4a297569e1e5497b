import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type ReactNode, useState } from 'react';
import { usePeople } from '@/features/users';

interface StudentSelectProps {
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  /** The chosen student's name, shown before any search finds them (an edit, a preset). */
  knownName?: string | null;
  error?: ReactNode;
  withAsterisk?: boolean;
  clearable?: boolean;
  placeholder?: string;
  w?: Parameters<typeof Select>[0]['w'];
}

/** Picks a student in reach by name (a consultant's consultees): the server searches. */
export function StudentSelect({ label, value, onChange, knownName, error, withAsterisk, clearable, placeholder, w }: StudentSelectProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const { data } = usePeople('Student', debounced);
  const found = (data?.data ?? []).map((u) => ({ value: u.publicKey, label: u.fullName }));
  const options =
    value && knownName && !found.some((o) => o.value === value) ? [{ value, label: knownName }, ...found] : found;
  return (
    <Select
      label={label}
      placeholder={placeholder}
      data={options}
      value={value}
      onChange={onChange}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage="—"
      withAsterisk={withAsterisk}
      clearable={clearable}
      error={error}
      w={w}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
