import { useRef, useState, type ReactNode } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import type { FieldSelectedSections } from '@mui/x-date-pickers/models';
import { dayjsLocaleOf } from '../i18n/i18n';
import { useLang } from '../lib/use-lang';

/**
 * Date, time and date-time fields in the page's language (day/month order, 24-hour clock in French and
 * Spanish, 12-hour in English, translated month names in the calendar), whatever the browser's own
 * locale: a native `<input type="date">` follows the browser, so a French page in an English browser
 * asked for mm/dd/yyyy and AM/PM. Values stay the strings the native inputs gave: `YYYY-MM-DD`,
 * `HH:mm`, `YYYY-MM-DDTHH:mm`; `onChange` gets '' while the field is empty or incomplete.
 */
interface FieldProps {
  label: string;
  /** read before the label by screen readers only (e.g. "Monday 1" before "From" in a table of days) */
  hiddenLabelPrefix?: string;
  value: string;
  onChange(value: string): void;
  name?: string;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  sx?: SxProps<Theme>;
  /** data-testid of the field's root */
  testId?: string;
}

const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

const FORMATS = { date: 'YYYY-MM-DD', time: 'HH:mm', dateTime: 'YYYY-MM-DDTHH:mm' } as const;
type Kind = keyof typeof FORMATS;

function parse(kind: Kind, text: string): Dayjs | null {
  if (!text) return null;
  // a time alone is read on an arbitrary day: only its hours and minutes are used
  const d = kind === 'time' ? dayjs(`2000-01-01T${text}`) : dayjs(text);
  return d.isValid() ? d : null;
}

/** The value string of a picked Dayjs, '' when it is missing or incomplete. */
export function fieldValue(kind: Kind, d: Dayjs | null): string {
  return d && d.isValid() ? d.format(FORMATS[kind]) : '';
}

/**
 * A click into an empty field starts at its first section (the month, or the day, or the hour), not
 * at the section under the pointer, so that a whole date can be typed from there; typing and Tab keep
 * the pickers' own behaviour. Spread `sections` on the picker and `press` on its text field.
 */
export function useFirstSectionOnClick(empty: boolean) {
  const [selected, setSelected] = useState<FieldSelectedSections>(null);
  // set by a pointer press on the field, so that only a click (not typing, not Tab) is redirected
  const clicked = useRef(false);
  return {
    sections: {
      selectedSections: selected,
      onSelectedSectionsChange: (next: FieldSelectedSections) =>
        setSelected(clicked.current && empty && typeof next === 'number' ? 0 : next),
    },
    press: {
      onMouseDown: () => {
        clicked.current = true;
      },
      // typing ends the redirect at once; otherwise the press is over a moment after the click (the
      // section pick follows the focus, later than the click's own handlers on a busy machine)
      onKeyDown: () => {
        clicked.current = false;
      },
      onClick: () => {
        window.setTimeout(() => {
          clicked.current = false;
        }, 500);
      },
    },
  };
}

function LocalField(props: FieldProps & { kind: Kind }) {
  const lang = useLang();
  // what the user is typing, kept while the parent's value is the one it had or the one it was given:
  // an incomplete date gives the parent '' (or nothing, when it ignores ''), and showing that instead
  // would wipe the sections being typed
  const [draft, setDraft] = useState<{ d: Dayjs | null; emitted: string; before: string } | null>(null);
  const keep =
    draft !== null &&
    (props.value === draft.emitted || (draft.emitted === '' && props.value === draft.before));
  const value = keep ? draft.d : parse(props.kind, props.value);
  const { sections, press } = useFirstSectionOnClick(value === null);
  const common = {
    ...sections,
    label: props.hiddenLabelPrefix ? (
      <>
        <Box component="span" sx={VISUALLY_HIDDEN}>
          {`${props.hiddenLabelPrefix} `}
        </Box>
        {props.label}
      </>
    ) : (
      props.label
    ),
    value,
    onChange: (d: Dayjs | null) => {
      const emitted = fieldValue(props.kind, d);
      setDraft({ d, emitted, before: props.value });
      props.onChange(emitted);
    },
    disabled: props.disabled,
    sx: props.sx,
    slotProps: {
      textField: {
        name: props.name,
        size: props.size,
        fullWidth: props.fullWidth,
        error: props.error,
        helperText: props.helperText,
        required: props.required,
        'data-testid': props.testId,
        ...press,
      } as object,
    },
  };
  const ampm = lang === 'en';
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={dayjsLocaleOf(lang)}>
      {props.kind === 'date' && <DatePicker {...common} />}
      {props.kind === 'time' && <TimePicker {...common} ampm={ampm} />}
      {props.kind === 'dateTime' && <DateTimePicker {...common} ampm={ampm} />}
    </LocalizationProvider>
  );
}

export const LocalDateField = (props: FieldProps) => <LocalField {...props} kind="date" />;
export const LocalTimeField = (props: FieldProps) => <LocalField {...props} kind="time" />;
export const LocalDateTimeField = (props: FieldProps) => <LocalField {...props} kind="dateTime" />;
