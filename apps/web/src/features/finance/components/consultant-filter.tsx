import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import { Select } from '@mantine/core';
import { useConsultants } from '@/features/users';

interface ConsultantFilterProps {
  label: string;
  /** The filter's "Any". */
  placeholder: string;
  value: string | null;
  onChange: (value: string | null) => void;
}

/**
 * A list's "academic consultant" filter: every consultant, searchable by name (a centre has tens,
 * read once); full width on a phone like the bar's other fields. Shown only to those who reach
 * every student: a consultant's lists hold their own students already.
 */
export function ConsultantFilter({ label, placeholder, value, onChange }: ConsultantFilterProps) {
  const consultants = useConsultants(true);
  return (
    <Select
      label={label}
      placeholder={placeholder}
      data={(consultants.data ?? []).map((c) => ({ value: c.publicKey, label: c.fullName }))}
      value={value}
      onChange={onChange}
      clearable
      searchable
      w={{ base: '100%', xs: 220 }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
