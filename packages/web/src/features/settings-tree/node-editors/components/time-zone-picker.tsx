import { useMemo } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';

/** Every IANA zone the browser knows (UTC added: some runtimes list only geographic zones). */
export function timeZoneNames(): string[] {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
  const names = supported ? supported('timeZone') : [];
  return names.includes('UTC') ? names : ['UTC', ...names];
}

/** A searchable picker over the IANA time zones (typing "paris" finds Europe/Paris). */
export function TimeZonePicker({
  value,
  onChange,
  label,
  error,
  id,
}: {
  value: string;
  onChange(value: string): void;
  label: string;
  error?: string | undefined;
  id: string;
}) {
  const options = useMemo(timeZoneNames, []);
  return (
    <Autocomplete
      id={id}
      options={options}
      value={value || null}
      onChange={(_, v) => onChange(v ?? '')}
      autoHighlight
      size="small"
      renderInput={(params) => (
        <TextField {...params} label={label} error={Boolean(error)} helperText={error ?? ' '} />
      )}
    />
  );
}
