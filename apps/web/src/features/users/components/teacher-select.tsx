import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type ReactNode, useState } from 'react';
import { usePeople } from '../api/users';

interface TeacherSelectProps {
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  error?: ReactNode;
  /** Marked as required (a form's field); a filter passes false. */
  required?: boolean;
  /** A filter's "Any" and width (full width on a phone, as the bar's other fields). */
  placeholder?: string;
  w?: SelectProps['w'];
}

/** Picks a teacher by name: the server searches (a centre has more teachers than one page holds). */
export function TeacherSelect({
  label,
  value,
  onChange,
  error,
  required = true,
  placeholder,
  w,
}: TeacherSelectProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const { data } = usePeople('Teacher', debounced);
  const options = (data?.data ?? []).map((u) => ({ value: u.publicKey, label: u.fullName }));
  return (
    <Select
      label={label}
      placeholder={placeholder}
      w={w}
      data={options}
      value={value}
      onChange={onChange}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage="—"
      withAsterisk={required}
      clearable={!required}
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
