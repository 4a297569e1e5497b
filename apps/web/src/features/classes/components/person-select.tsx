import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Pill.layer.css';
import '@mantine/core/styles/PillsInput.layer.css';
import { MultiSelect, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { Role } from '@tutoria/shared';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { usePeople } from '@/features/users';

export interface PersonOption {
  value: string;
  label: string;
  baseType?: string | null;
}

/** Remembers every option seen, so chosen people keep their names while the search changes. */
function useOptions(role: Role, search: string) {
  const [debounced] = useDebouncedValue(search, 250);
  const { data, isFetching } = usePeople(role, debounced);
  const seen = useRef(new Map<string, PersonOption>());
  const options = useMemo(() => {
    for (const u of data?.data ?? [])
      seen.current.set(u.publicKey, { value: u.publicKey, label: u.fullName, baseType: u.baseType });
    return (data?.data ?? []).map((u) => seen.current.get(u.publicKey)!);
  }, [data]);
  return { options, seen: seen.current, isFetching };
}

interface PersonSelectProps {
  role: Role;
  label: string;
  placeholder?: string;
  value: string | null;
  onChange: (value: string | null, option: PersonOption | null) => void;
  error?: ReactNode;
  required?: boolean;
  w?: number | string | Record<string, number | string>;
}

export function PersonSelect({
  role,
  label,
  placeholder,
  value,
  onChange,
  error,
  required,
  w,
}: PersonSelectProps) {
  const [search, setSearch] = useState('');
  const { options, seen } = useOptions(role, search);
  const data =
    value && !options.some((o) => o.value === value) && seen.has(value)
      ? [seen.get(value)!, ...options]
      : options;
  return (
    <Select
      label={label}
      placeholder={placeholder}
      data={data}
      value={value}
      onChange={(next) => onChange(next, next ? (seen.get(next) ?? null) : null)}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      clearable
      filter={({ options: all }) => all}
      nothingFoundMessage="—"
      error={error}
      withAsterisk={required}
      w={w}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

interface PeopleSelectProps {
  role: Role;
  label: string;
  placeholder?: string;
  value: string[];
  onChange: (value: string[], options: PersonOption[]) => void;
  error?: ReactNode;
  required?: boolean;
  w?: number | string | Record<string, number | string>;
}

export function PeopleSelect({
  role,
  label,
  placeholder,
  value,
  onChange,
  error,
  required,
  w,
}: PeopleSelectProps) {
  const [search, setSearch] = useState('');
  const { options, seen } = useOptions(role, search);
  const chosen = value
    .filter((v) => !options.some((o) => o.value === v) && seen.has(v))
    .map((v) => seen.get(v)!);
  return (
    <MultiSelect
      label={label}
      placeholder={value.length ? undefined : placeholder}
      data={[...chosen, ...options]}
      value={value}
      onChange={(next) =>
        onChange(
          next,
          next.map((v) => seen.get(v)).filter((o): o is PersonOption => Boolean(o)),
        )
      }
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      clearable
      filter={({ options: all }) => all}
      hidePickedOptions
      error={error}
      withAsterisk={required}
      w={w}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
