import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useCurrentUser } from '@/features/auth';
import { classListQuery, useClassDetails } from '../api/classes';

interface ClassSelectProps {
  label: string;
  /** The filter's "Any". */
  placeholder: string;
  value: string | null;
  onChange: (value: string | null) => void;
  w?: SelectProps['w'];
}

/**
 * A class filter searched by name on the server, within the caller's classes (a teacher's own). The
 * chosen class keeps its name when it is not among the first matches (opened from a shared link).
 */
export function ClassSelect({
  label,
  placeholder,
  value,
  onChange,
  w = { base: '100%', xs: 220 },
}: ClassSelectProps) {
  const user = useCurrentUser();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const where = debounced
    ? [[{ column: 'classroomName', comparison: 'Contains' as const, operand: debounced }]]
    : [];
  const { data } = useQuery(
    classListQuery(
      { page: { index: 1, size: 50 }, where, order: [{ column: 'classroomName', descending: false }] },
      user?.role === 'Teacher',
    ),
  );
  const chosen = useClassDetails(value ?? '', Boolean(value));
  const options = (data?.data ?? []).map((c) => ({ value: c.classroomId, label: c.classroomName }));
  if (value && chosen.data && !options.some((o) => o.value === value))
    options.unshift({ value, label: chosen.data.classroomName });
  return (
    <Select
      label={label}
      placeholder={placeholder}
      w={w}
      data={options}
      value={value}
      onChange={onChange}
      searchable
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage="—"
      clearable
      comboboxProps={{ withinPortal: true }}
    />
  );
}
