import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type ReactNode, useRef, useState } from 'react';
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
  /** The name a chosen teacher shows until the server's answer names them (opened from a link). */
  chosenLabel?: string;
  testId?: string;
}

/**
 * Picks a teacher by name: the server searches (a centre has more teachers than one page holds);
 * the chosen one keeps their name while the search changes.
 */
export function TeacherSelect({
  label,
  value,
  onChange,
  error,
  required = true,
  placeholder,
  w,
  chosenLabel,
  testId,
}: TeacherSelectProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const { data } = usePeople('Teacher', debounced);
  const seen = useRef(new Map<string, string>());
  for (const u of data?.data ?? []) seen.current.set(u.publicKey, u.fullName);
  const options = (data?.data ?? []).map((u) => ({ value: u.publicKey, label: u.fullName }));
  if (value && !options.some((o) => o.value === value))
    options.unshift({ value, label: seen.current.get(value) ?? chosenLabel ?? '…' });
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
      data-testid={testId}
    />
  );
}
