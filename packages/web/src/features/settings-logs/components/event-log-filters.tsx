import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import InputAdornment from '@mui/material/InputAdornment';
import Search from '@mui/icons-material/Search';
import { EVENT_LOG_COMMANDS } from '@footfall/domain';
import { LocalDateTimeField } from '../../../components/local-date-fields';
import { commandArea, useAreaLabel, useCommandLabel } from './command-label';

/** Typing pauses this long before the log is searched (as the tree search). */
const SEARCH_DEBOUNCE_MS = 350;

export const RANGES = ['all', 'today', 'last7d', 'last30d', 'custom'] as const;
export type RangeChoice = (typeof RANGES)[number];

/** The bounds of a range choice in the browser's time zone, as ISO instants (null: no bound). */
export function rangeBounds(
  choice: RangeChoice,
  custom: { from: string; to: string },
  now = new Date(),
): { from: string | null; to: string | null } {
  const startOfDay = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const daysBack = (n: number) => new Date(startOfDay.getTime() - n * 86_400_000).toISOString();
  switch (choice) {
    case 'all':
      return { from: null, to: null };
    case 'today':
      return { from: startOfDay.toISOString(), to: null };
    case 'last7d':
      return { from: daysBack(6), to: null };
    case 'last30d':
      return { from: daysBack(29), to: null };
    case 'custom': {
      const iso = (local: string) => (local ? new Date(local).toISOString() : null);
      return { from: iso(custom.from), to: iso(custom.to) };
    }
  }
}

/** Date range, commands (multi-select of the commands the server writes, translated) and free text. */
export function EventLogFilterBar(props: {
  range: RangeChoice;
  custom: { from: string; to: string };
  commands: string[];
  onRange(range: RangeChoice, custom: { from: string; to: string }): void;
  onCommands(commands: string[]): void;
  onSearch(text: string): void;
}) {
  const { t } = useTranslation();
  const label = useCommandLabel();
  const [text, setText] = useState('');
  const { onSearch } = props;
  useEffect(() => {
    const timer = setTimeout(() => onSearch(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, onSearch]);
  const customInvalid =
    props.range === 'custom' &&
    props.custom.from !== '' &&
    props.custom.to !== '' &&
    props.custom.from >= props.custom.to;
  const areaLabel = useAreaLabel();
  const area = (c: string) => areaLabel(commandArea(c));
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', md: '200px minmax(240px, 2fr) minmax(200px, 1fr)' },
        alignItems: 'start',
      }}
    >
      <TextField
        select
        size="small"
        label={t('logs_period')}
        value={props.range}
        onChange={(e) => props.onRange(e.target.value as RangeChoice, props.custom)}
        name="range"
      >
        {RANGES.map((r) => (
          <MenuItem key={r} value={r}>
            {r === 'all' ? t('logs_period_all') : t(`period_${r}`)}
          </MenuItem>
        ))}
      </TextField>
      <Autocomplete
        multiple
        size="small"
        options={[...EVENT_LOG_COMMANDS].sort(
          (a, b) => area(a).localeCompare(area(b)) || label(a).localeCompare(label(b)),
        )}
        groupBy={area}
        renderGroup={(params) => (
          // a group of options (ARIA "group" inside the listbox), named by its heading
          <li key={params.key} role="group" aria-label={params.group}>
            <ListSubheader component="div" aria-hidden sx={{ lineHeight: '32px', top: -8 }}>
              {params.group}
            </ListSubheader>
            <Box component="ul" role="none" sx={{ p: 0 }}>
              {params.children}
            </Box>
          </li>
        )}
        value={props.commands}
        onChange={(_e, v) => props.onCommands(v)}
        getOptionLabel={label}
        disableCloseOnSelect
        limitTags={3}
        renderInput={(params) => (
          <TextField
            {...params}
            label={t('logs_commands')}
            placeholder={props.commands.length ? '' : t('logs_all_commands')}
          />
        )}
        data-testid="logs-commands"
      />
      <TextField
        size="small"
        label={t('logs_search')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        name="search"
        slotProps={{
          htmlInput: { maxLength: 200 },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Search fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      {props.range === 'custom' && (
        <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', gridColumn: '1 / -1' }}>
          {(['from', 'to'] as const).map((side) => (
            <LocalDateTimeField
              key={side}
              size="small"
              name={`range-${side}`}
              label={side === 'from' ? t('period_start') : t('period_end')}
              value={props.custom[side]}
              onChange={(at) => props.onRange('custom', { ...props.custom, [side]: at })}
              error={customInvalid}
              helperText={customInvalid && side === 'to' ? t('logs_range_invalid') : undefined}
              sx={{ width: { xs: '100%', sm: 260 } }}
            />
          ))}
        </Box>
      )}
    </Box>
  );
}
