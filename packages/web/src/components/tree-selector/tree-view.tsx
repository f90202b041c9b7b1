import { lazy, Suspense, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
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

/**
 * The node tree of the pane: search (spec rules, debounced, the selection is kept), single or multi
 * selection, clear, and the tag filter (location groups plus the demographic tags).
 */
export function TreeView(props: {
  nodes: readonly FlatNode[];
  selection: readonly string[];
  onSelection(ids: string[]): void;
  tags: Tags;
  onTags(tags: Tags): void;
  pane: PaneState;
  /**
   * Monitoring pages only: device nodes are listed too, and this gives the link (and its label) of a
   * device's connector page (null: no link for that device, or not for this user).
   */
  deviceLink?: (node: FlatNode) => { href: string; label: string } | null;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [multi, setMulti] = useState(props.selection.length > 1);
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
      if (n.kind === 'device' && !withDevices) return false;
      if (byGroup && n.kind === 'location' && !byGroup.has(n.locationGroup ?? '')) return false;
      return match ? match(n) : true;
    });
  }, [props.nodes, search, props.tags.locationGroup, withDevices]);
  const selected = new Set(props.selection);
  const toggle = (id: string) => {
    if (!multi) return props.onSelection([id]);
    props.onSelection(selected.has(id) ? props.selection.filter((s) => s !== id) : [...props.selection, id]);
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
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
            <FormControlLabel
              control={<Switch size="small" checked={multi} onChange={(_e, v) => setMulti(v)} />}
              label={<Typography variant="body2">{t('tree_multi_select')}</Typography>}
            />
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
        </>
      )}
      <Box role="tree" aria-multiselectable={multi} aria-label={t('pane_locations')}>
        {visible.map((n) => (
          <Box
            key={n.id}
            role="treeitem"
            aria-selected={selected.has(n.id)}
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
            <Checkbox
              size="small"
              checked={selected.has(n.id)}
              tabIndex={-1}
              sx={{ p: 0.5 }}
              slotProps={{ input: { 'aria-labelledby': `${labelIds}-${n.id}` } }}
            />
            <Typography
              id={`${labelIds}-${n.id}`}
              variant="body2"
              noWrap
              title={n.name}
              sx={{ fontWeight: n.kind === 'group' ? 600 : 400 }}
            >
              {cut ? ellipsis(n.name, cut) : n.name}
            </Typography>
            {n.kind === 'device' && <DeviceLink link={props.deviceLink?.(n) ?? null} />}
          </Box>
        ))}
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
