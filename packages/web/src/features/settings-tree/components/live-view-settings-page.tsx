import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../components/page-title';
import { flattenTree, treeQuery } from '../../../lib/tree-api';
import { useLang } from '../../../lib/use-lang';
import { liveViewsQuery } from '../node-editors/api/node-editors-api';
import { NodeLiveViewsPanel } from '../node-editors/NodeLiveViewsPanel';

interface Place {
  id: string;
  name: string;
}

/**
 * `/settings/liveviews` (admins): every live view of the admin's scope, by location, with the node
 * editor's live view panel (name, thresholds 50/25 by default, delta and percentage, black screen
 * outside business hours, public link made once and revoked); a location without one is added from
 * the picker. The same panel sits in the tree screen's node details.
 */
export function LiveViewSettingsPage() {
  const { t } = useTranslation();
  const lang = useLang();
  usePageTitle(`${t('nav_settings')} · ${t('settings_live_views')}`);
  const views = useQuery(liveViewsQuery());
  const tree = useQuery(treeQuery());
  const [added, setAdded] = useState<Place[]>([]);

  const locations = useMemo<Place[]>(
    () =>
      flattenTree(tree.data ?? [])
        .filter((n) => n.kind === 'location')
        .map((n) => ({ id: n.id, name: n.name })),
    [tree.data],
  );
  const places = useMemo(() => {
    const byId = new Map<string, Place>();
    for (const v of views.data ?? []) byId.set(v.nodeId, { id: v.nodeId, name: v.nodeName });
    for (const p of added) byId.set(p.id, p);
    return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name, lang));
  }, [views.data, added, lang]);

  return (
    <Box sx={{ p: { xs: 2, md: 3 }, maxWidth: 1100 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600, mb: 1 }}>
        {t('settings_live_views')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('lv_settings_intro')}{' '}
        <Link component={RouterLink} to={paths.liveViews(lang)}>
          {t('lv_settings_open_list')}
        </Link>
      </Typography>
      <Autocomplete
        sx={{ maxWidth: 420, mb: 3 }}
        options={locations.filter((l) => !places.some((p) => p.id === l.id))}
        value={null}
        getOptionLabel={(o) => o.name}
        onChange={(_e, v) => v && setAdded((a) => [...a, v])}
        renderInput={(params) => <TextField {...params} label={t('lv_settings_add_location')} />}
      />
      {views.isPending ? (
        <CircularProgress aria-label={t('lv_settings_loading')} />
      ) : places.length === 0 ? (
        <Typography color="text.secondary">{t('lv_settings_empty')}</Typography>
      ) : (
        <Stack spacing={2}>
          {places.map((p) => (
            <Paper
              key={p.id}
              variant="outlined"
              component="section"
              sx={{ p: 2 }}
              aria-labelledby={`lv-place-${p.id}`}
              data-testid="lv-settings-location"
            >
              <Stack direction="row" sx={{ alignItems: 'baseline', gap: 2, mb: 1, flexWrap: 'wrap' }}>
                <Typography id={`lv-place-${p.id}`} variant="h6" component="h2" sx={{ flex: 1 }}>
                  {p.name}
                </Typography>
                <Link component={RouterLink} to={`${paths.settingsTree(lang)}?node=${p.id}`}>
                  {t('lv_settings_in_tree')}
                </Link>
              </Stack>
              <NodeLiveViewsPanel nodeId={p.id} />
            </Paper>
          ))}
        </Stack>
      )}
    </Box>
  );
}
