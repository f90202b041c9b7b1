import { lazy, Suspense, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Radio from '@mui/material/Radio';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Clear from '@mui/icons-material/Clear';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { Link as RouterLink } from 'react-router';
import Search from '@mui/icons-material/Search';
import {
  ellipsis,
  labelCut,
  TREE_SEARCH_DEBOUNCE_MS,
  treeSearchMatcher,
  type PaneState,
} from '@footfall/domain';
import type { FlatNode } from '../../lib/tree-api';
import { WhenIdle } from '../when-idle';
import type { Tags } from './tree-tags';
import { checkStates, toggleInSelection, type CheckState } from './tree-selection';

const TagFilter = lazy(() => import('./tag-filter'));
/** the room the tag filter takes, kept while it loads */
const TAG_FILTER_PLACEHOLDER = <Box sx={{ height: 40 }} />;

/** Search text debounced by 350 ms (spec section 9). */
export function useDebounced<T>(value: T, ms = TREE_SEARCH_DEBOUNCE_MS): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setV(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return v;
}

const ARIA_CHECKED: Record<CheckState, 'true' | 'false' | 'mixed'> = {
  checked: 'true',
  indeterminate: 'mixed',
  unchecked: 'false',
};

/**
 * The node tree of the pane: search (spec rules, debounced, the selection is kept), single or multi
 * selection, clear, and the tag filter (location groups plus the demographic tags).
 *
 * Single selection shows a radio button on each row (a click replaces the choice); multiple selection
 * shows checkboxes, with parents checked or partly checked from what lies below them
 * (`tree-selection.ts`), and the number of rows chosen. The mode starts from the selection (several
 * ids: multiple); a screen that reuses the tree for another selection (another dashboard) remounts it
 * with a `key` so that the mode follows. Devices are hidden unless `deviceToggle` offers the
 * "Show devices" switch and the user turns it on (device-level analysis).
 */
export function TreeView(props: {
  nodes: readonly FlatNode[];
  selection: readonly string[];
  onSelection(ids: string[]): void;
  tags: Tags;
  onTags(tags: Tags): void;
  pane: PaneState;
  /** offer the "Show devices" switch (default false: devices are never listed) */
  deviceToggle?: boolean;
  /** offer the multiple selection switch (default true); false for pickers of one node */
  allowMultiple?: boolean;
  /**
   * Monitoring pages only: device nodes are listed too, and this gives the link (and its label) of a
   * device's connector page (null: no link for that device, or not for this user).
   */
  deviceLink?: (node: FlatNode) => { href: string; label: string } | null;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const allowMultiple = props.allowMultiple ?? true;
  const [multi, setMulti] = useState(allowMultiple && props.selection.length > 1);
  const [showDevices, setShowDevices] = useState(false);
  const search = useDebounced(text);
  const groups = useMemo(
    () => [...new Set(props.nodes.map((n) => n.locationGroup).filter((g): g is string => !!g))].sort(),
    [props.nodes],
  );
  const withDevices = props.deviceLink !== undefined;
  const visible = useMemo(() => {
    const match = treeSearchMatcher(search);
    const byGroup = props.tags.locationGroup.length ? new Set(props.tags.locationGroup) : null;
    return props.nodes.filter((n) => {
      if (n.kind === 'device' && !showDevices && !withDevices) return false;
      if (byGroup && n.kind === 'location' && !byGroup.has(n.locationGroup ?? '')) return false;
      return match ? match(n) : true;
    });
  }, [props.nodes, search, props.tags.locationGroup, showDevices, withDevices]);
  const selected = new Set(props.selection);
  const states = useMemo(
    () => (multi ? checkStates(props.nodes, props.selection) : null),
    [multi, props.nodes, props.selection],
  );
  const toggle = (id: string) => {
    if (!multi) return props.onSelection([id]);
    props.onSelection(toggleInSelection(props.nodes, props.selection, id));
  };
  const cut = labelCut('node', props.pane);
  const labelIds = useId();
  if (props.pane === 'closed') return null;
  return (
    <Box
      sx={{ px: 2, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1 }}
      data-testid="tree-view"
    >
      <TextField
        size="small"
        placeholder={t('tree_search')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        slotProps={{
          htmlInput: { 'aria-label': t('tree_search'), maxLength: 200 },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Search fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      {props.pane === 'open' && (
        <>
          <WhenIdle placeholder={TAG_FILTER_PLACEHOLDER}>
            <Suspense fallback={TAG_FILTER_PLACEHOLDER}>
              <TagFilter groups={groups} tags={props.tags} onTags={props.onTags} />
            </Suspense>
          </WhenIdle>
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
            {allowMultiple ? (
              <FormControlLabel
                // the switch inside the pane's padding, under the search field's edge
                sx={{ mr: 0, ml: 0 }}
                control={<Switch size="small" checked={multi} onChange={(_e, v) => setMulti(v)} />}
                label={<Typography variant="body2">{t('tree_multi_select')}</Typography>}
              />
            ) : (
              <span />
            )}
            {multi && (
              <Typography
                variant="caption"
                color="text.secondary"
                data-testid="tree-selection-count"
                sx={{ ml: 'auto' }}
              >
                {t('tree_selected_count', { count: props.selection.length })}
              </Typography>
            )}
            <Tooltip title={t('tree_clear')}>
              <span>
                <IconButton
                  size="small"
                  aria-label={t('tree_clear')}
                  disabled={props.selection.length === 0}
                  onClick={() => props.onSelection([])}
                >
                  <Clear fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
          </Box>
          {props.deviceToggle && (
            <FormControlLabel
              sx={{ mt: -1, ml: 0, justifySelf: 'start' }}
              control={<Switch size="small" checked={showDevices} onChange={(_e, v) => setShowDevices(v)} />}
              label={<Typography variant="body2">{t('tree_show_devices')}</Typography>}
            />
          )}
        </>
      )}
      <Box role="tree" aria-multiselectable={multi} aria-label={t('pane_locations')}>
        {visible.map((n) => {
          const state = states?.get(n.id) ?? 'unchecked';
          const control = {
            size: 'small',
            tabIndex: -1,
            sx: { p: 0.5 },
            slotProps: { input: { 'aria-labelledby': `${labelIds}-${n.id}` } },
          } as const;
          return (
            <Box
              key={n.id}
              role="treeitem"
              aria-selected={selected.has(n.id)}
              aria-checked={states ? ARIA_CHECKED[state] : undefined}
              data-kind={n.kind}
              aria-labelledby={`${labelIds}-${n.id}`}
              data-node-id={n.id}
              onClick={() => toggle(n.id)}
              sx={{
                display: 'flex',
                alignItems: 'center',
                pl: (search ? 0 : n.depth) * 2,
                borderRadius: 1,
                cursor: 'pointer',
                bgcolor: selected.has(n.id) ? 'action.selected' : undefined,
                '&:hover': { bgcolor: 'action.hover' },
              }}
            >
              {multi ? (
                <Checkbox
                  {...control}
                  checked={state === 'checked'}
                  indeterminate={state === 'indeterminate'}
                />
              ) : (
                <Radio {...control} checked={selected.has(n.id)} />
              )}
              <Typography
                id={`${labelIds}-${n.id}`}
                variant="body2"
                noWrap
                title={n.name}
                sx={{
                  fontWeight: n.kind === 'group' ? 600 : 400,
                  color: n.kind === 'device' ? 'text.secondary' : undefined,
                }}
              >
                {cut ? ellipsis(n.name, cut) : n.name}
              </Typography>
              {n.kind === 'device' && <DeviceLink link={props.deviceLink?.(n) ?? null} />}
            </Box>
          );
        })}
        {visible.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
            {t('tree_no_match')}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

/** The link of a device node to its connector page (monitoring pages). */
function DeviceLink({ link }: { link: { href: string; label: string } | null }) {
  if (!link) return null;
  return (
    <Tooltip title={link.label}>
      <IconButton
        size="small"
        component={RouterLink}
        to={link.href}
        aria-label={link.label}
        onClick={(e: React.MouseEvent) => e.stopPropagation()}
        sx={{ ml: 'auto', p: 0.25 }}
        data-testid="tree-device-link"
      >
        <OpenInNew sx={{ fontSize: 16 }} />
      </IconButton>
    </Tooltip>
  );
}
