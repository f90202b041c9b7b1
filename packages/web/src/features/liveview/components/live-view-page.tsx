import { useMemo, type ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import type { TFunction } from 'i18next';
import { canOperateOccupancy, LANGUAGES, LIVE_VIEW_RETRY_MS, LOCALES, type Language } from '@footfall/domain';
import { useLang } from '../../../lib/use-lang';
import { ApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/session/current-user';
import { tokenStore } from '../../../lib/session/token-store';
import type { LiveViewSource } from '../api/live-view-api';
import { useLiveView } from '../hooks/use-live-view';
import { OccupancyScreen, frame, type Brand } from './occupancy-screen';
import { BlackScreen } from './black-screen';
import { useIsDesktop } from '../../../lib/use-is-desktop';
import { OperatorControls } from './operator-controls';
import { QueueScreen, type QueueTheme } from './queue-screen';
import { useScreenT } from './screen-text';

/**
 * Every live view route (spec section 2 "Live views"). They differ in branding and layout only:
 * - door: /liveview/{id?} (signed in, occupancy access; no id = the first live view in scope)
 * - authorized: /liveview/authorized/{id?}, the door screen with the operator's count controls
 * - public: /liveview/public/{token}, no sign-in, the one live view its share link opens
 * - familiprix: the door screen in Familiprix colours
 * - queue, hekla, customQueue: queue length and waiting time (queue ones take a {lang})
 * - verizon: customer assistance queue, from ?token= (a share link) or the first live view in scope
 */
export type LiveViewVariant =
  'door' | 'authorized' | 'public' | 'familiprix' | 'queue' | 'hekla' | 'customQueue' | 'verizon';

const FAMILIPRIX: Brand = {
  headerBg: '#FFFFFF',
  headerFg: '#00713D',
  fontFamily: '"Montserrat", "Segoe UI", Arial, sans-serif',
  header: (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: '1.5vmin' }}>
      <Box
        aria-hidden
        sx={{
          width: 'max(26px, 5vmin)',
          height: 'max(26px, 5vmin)',
          bgcolor: '#00A651',
          clipPath:
            'polygon(35% 0,65% 0,65% 35%,100% 35%,100% 65%,65% 65%,65% 100%,35% 100%,35% 65%,0 65%,0 35%,35% 35%)',
        }}
      />
      <Box
        component="span"
        sx={{ fontSize: 'max(22px, 4.6vmin)', fontWeight: 800, letterSpacing: '-0.01em' }}
      >
        Familiprix
      </Box>
    </Box>
  ),
};

const title = (text: ReactNode) => (
  <Box component="h1" sx={{ m: 0, fontSize: 'max(20px, 4.6vmin)', fontWeight: 800, lineHeight: 1.1 }}>
    {text}
  </Box>
);

function queueTheme(variant: LiveViewVariant, name: string, t: TFunction): QueueTheme {
  switch (variant) {
    case 'hekla':
      return {
        bg: '#F7FAFC',
        fg: '#0B2A3C',
        tileBg: '#FFFFFF',
        accent: '#0E9FB0',
        layout: 'row',
        fontFamily: '"Helvetica Neue", Arial, sans-serif',
        header: title(
          <>
            <Box component="span" sx={{ color: '#0E9FB0' }}>
              hekla
            </Box>{' '}
            · {name}
          </>,
        ),
      };
    case 'customQueue':
      return {
        bg: '#111827',
        fg: '#F9FAFB',
        tileBg: '#1F2937',
        accent: '#13B3A3',
        layout: 'row',
        header: title(name),
      };
    case 'verizon':
      return {
        bg: '#000000',
        fg: '#FFFFFF',
        tileBg: '#141414',
        accent: '#EE0000',
        layout: 'row',
        fontFamily: '"Helvetica Neue", Arial, sans-serif',
        header: title(
          <>
            <Box component="span" sx={{ color: '#EE0000' }}>
              ✓
            </Box>{' '}
            {t('liveview_customers_assistance')}
          </>,
        ),
      };
    default:
      return {
        bg: '#0F1F4B',
        fg: '#FFFFFF',
        tileBg: 'rgba(255,255,255,0.08)',
        accent: '#13B3A3',
        layout: 'row',
        header: title(name),
      };
  }
}

function Message({ text, testId, embedded }: { text: string; testId: string; embedded?: boolean }) {
  return (
    <Box
      data-testid={testId}
      sx={{
        ...frame(embedded),
        display: 'grid',
        placeItems: 'center',
        p: 4,
        textAlign: 'center',
        bgcolor: '#0F1F4B',
        color: '#fff',
        fontSize: 'max(18px, 3.5vmin)',
        fontWeight: 600,
      }}
    >
      {text}
    </Box>
  );
}

export function LiveViewPage({ variant }: { variant: LiveViewVariant }) {
  const params = useParams();
  const [search] = useSearchParams();
  const t = useScreenT(params.lang);
  const uiLang = useLang();
  // the screen's own language when its URL names one (queue screens), else the UI's
  const screenLang = (LANGUAGES as readonly string[]).includes(params.lang ?? '')
    ? (params.lang as Language)
    : uiLang;
  const user = useCurrentUser().data;
  // the plain door screen and the operator screen sit inside the mobile layout below the desktop width
  const embedded = useIsDesktop() === false && (variant === 'door' || variant === 'authorized');

  const source = useMemo<LiveViewSource | null>(() => {
    if (variant === 'public') return params.id ? { kind: 'public', token: params.id } : null;
    if (variant === 'verizon') {
      const token = search.get('token');
      if (token) return { kind: 'public', token };
      return tokenStore.get() ? { kind: 'user', id: null } : null;
    }
    return { kind: 'user', id: params.id ?? null };
  }, [variant, params.id, search]);

  const live = useLiveView(source);
  const { info, query } = live;

  if (!source)
    return <Message embedded={embedded} testId="liveview-message" text={t('liveview_link_needed')} />;
  if (query.isError) {
    const gone = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Message
        embedded={embedded}
        testId="liveview-message"
        text={`${t(gone ? (source.kind === 'public' ? 'liveview_link_invalid' : 'liveview_not_found') : 'liveview_load_failed')} ${t('liveview_retry_in', { seconds: LIVE_VIEW_RETRY_MS / 1000 })}`}
      />
    );
  }
  if (!info) {
    return (
      <Box sx={{ ...frame(embedded), display: 'grid', placeItems: 'center' }}>
        <CircularProgress aria-label={t('loading')} />
      </Box>
    );
  }
  // the door screen goes black outside business hours; the operator screen keeps its count controls
  if (live.blackScreen && variant !== 'authorized') {
    return (
      <BlackScreen info={info} status={live.status} t={t} locale={LOCALES[screenLang]} embedded={embedded} />
    );
  }

  if (variant === 'queue' || variant === 'hekla' || variant === 'customQueue' || variant === 'verizon') {
    return (
      <QueueScreen
        info={info}
        queue={live.queue}
        value={live.value}
        level={live.level}
        status={live.status}
        t={t}
        theme={queueTheme(variant, info.name, t)}
        showOccupancyTile={variant === 'customQueue' || variant === 'verizon'}
      />
    );
  }
  const operator = variant === 'authorized' && !!user && canOperateOccupancy(user) && !!info.occupancyId;
  return (
    <OccupancyScreen
      info={info}
      value={live.value}
      level={live.level}
      status={live.status}
      t={t}
      brand={variant === 'familiprix' ? FAMILIPRIX : undefined}
      embedded={embedded}
      controls={
        operator ? (
          <OperatorControls liveViewId={info.id} t={t} onAdjusted={live.applyAdjustment} />
        ) : undefined
      }
    />
  );
}

export default LiveViewPage;
