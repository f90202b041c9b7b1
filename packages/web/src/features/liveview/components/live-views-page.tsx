import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Link from '@mui/icons-material/LinkOutlined';
import Tune from '@mui/icons-material/TuneOutlined';
import Tv from '@mui/icons-material/TvOutlined';
import { canOperateOccupancy, isAdminKind, type LiveViewInfo } from '@footfall/domain';
import { paths } from '../../../config/paths';
import { useUser } from '../../../lib/session/current-user';
import { useIsDesktop } from '../../../lib/use-is-desktop';
import { useLang } from '../../../lib/use-lang';
import { liveViewsQuery, useShareLiveView } from '../api/live-view-api';

/**
 * The live views of the user's scope (/liveviews, from the toolbar): each with its door screen,
 * the operator screen with the count controls for occupancy operators, and a public link (made by
 * admins; a new link stops the previous one, so the page says so before making one).
 */
export function LiveViewsPage() {
  const { t } = useTranslation();
  const desktop = useIsDesktop();
  const query = useQuery(liveViewsQuery());
  const [sharing, setSharing] = useState<LiveViewInfo | null>(null);
  const views = query.data ?? [];
  return (
    <Box sx={{ p: { xs: 1.5, lg: 3 }, maxWidth: 1100, mx: 'auto' }} data-testid="live-views">
      {desktop && (
        <Typography variant="h2" component="h1" sx={{ mb: 1 }}>
          {t('liveview_list_title')}
        </Typography>
      )}
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('liveview_list_intro')}
      </Typography>
      {query.isPending && <CircularProgress aria-label={t('loading')} />}
      {query.isError && <Alert severity="error">{t('request_failed')}</Alert>}
      {query.isSuccess && views.length === 0 && <Alert severity="info">{t('liveview_list_empty')}</Alert>}
      <Stack spacing={1.5}>
        {views.map((v) => (
          <LiveViewRow key={v.id} view={v} onShare={() => setSharing(v)} />
        ))}
      </Stack>
      {sharing && <ShareDialog view={sharing} onClose={() => setSharing(null)} />}
    </Box>
  );
}

function LiveViewRow({ view, onShare }: { view: LiveViewInfo; onShare(): void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const user = useUser();
  return (
    <Paper
      variant="outlined"
      data-testid="live-view-row"
      sx={{ p: 2, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}
    >
      <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
        <Typography variant="h5" component="h2">
          {view.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {view.nodeName}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 0.75, flexWrap: 'wrap', rowGap: 0.5 }}>
          <Chip
            size="small"
            variant="outlined"
            label={t('liveview_inside_now', { count: view.occupancyValue ?? 0 })}
          />
          {!view.openNow && <Chip size="small" label={t('liveview_closed')} />}
          {view.hasShareLink && <Chip size="small" color="info" label={t('liveview_public_link_active')} />}
        </Stack>
      </Box>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button
          component={RouterLink}
          to={paths.liveView(lang, view.id)}
          variant="outlined"
          startIcon={<Tv />}
        >
          {t('liveview_open_door_screen')}
        </Button>
        {canOperateOccupancy(user) && view.occupancyId && (
          <Button
            component={RouterLink}
            to={paths.liveViewAuthorized(lang, view.id)}
            variant="contained"
            startIcon={<Tune />}
          >
            {t('liveview_open_operator_screen')}
          </Button>
        )}
        {isAdminKind(user) && (
          <Button onClick={onShare} startIcon={<Link />}>
            {t('liveview_public_link')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

/** Makes a public link of a live view and shows it to copy (it is shown only once, when made). */
function ShareDialog({ view, onClose }: { view: LiveViewInfo; onClose(): void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const share = useShareLiveView(view.id);
  const [copied, setCopied] = useState(false);
  const url = share.data ? `${window.location.origin}/${lang}${share.data.path}` : null;
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="share-title">
      <DialogTitle id="share-title">{t('liveview_share_title', { name: view.name })}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('liveview_share_text')}</DialogContentText>
        {view.hasShareLink && !url && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {t('liveview_share_replaces')}
          </Alert>
        )}
        {share.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {t('liveview_share_failed')}
          </Alert>
        )}
        {url && (
          <TextField
            label={t('liveview_share_url')}
            value={url}
            fullWidth
            sx={{ mt: 2 }}
            slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'live-view-share-url' } }}
            onFocus={(e) => e.target.select()}
          />
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} color="inherit">
          {t('close')}
        </Button>
        {url ? (
          <Button
            variant="contained"
            onClick={() => void navigator.clipboard?.writeText(url).then(() => setCopied(true))}
          >
            {t(copied ? 'liveview_share_copied' : 'liveview_share_copy')}
          </Button>
        ) : (
          <Button variant="contained" disabled={share.isPending} onClick={() => share.mutate()}>
            {t('liveview_share_create')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

export default LiveViewsPage;
