import { Link as RouterLink, Outlet, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircle from '@mui/icons-material/CheckCircleRounded';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, LOCALES } from '@footfall/domain';
import { appInfo } from '../../config/app';
import { BrandLogo } from '../../components/brand-logo';
import { switchLanguage, writeLanguageCookie } from '../../lib/language';
import { useLang } from '../../lib/use-lang';
import { brand } from '../../theme/theme';

/** Decorative traffic chart of the brand panel. */
function HeroChart() {
  const { t } = useTranslation();
  const lang = useLang();
  const bars = [38, 52, 46, 64, 58, 76, 70, 88, 81, 96, 90, 72];
  return (
    <Box
      aria-hidden="true"
      sx={{
        mt: 5,
        p: 3,
        borderRadius: 4,
        bgcolor: 'rgba(255,255,255,0.08)',
        border: '1px solid rgba(255,255,255,0.14)',
        backdropFilter: 'blur(6px)',
        maxWidth: 460,
      }}
    >
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mb: 2, color: 'rgba(255,255,255,.8)' }}>
        <Box>
          <Box sx={{ fontSize: 12, letterSpacing: '.08em', textTransform: 'uppercase', opacity: 0.75 }}>
            {t('auth_hero_chart_label')}
          </Box>
          <Box sx={{ fontSize: 28, fontWeight: 750, color: '#fff' }}>
            {new Intl.NumberFormat(LOCALES[lang]).format(12480)}
          </Box>
        </Box>
        <Box
          sx={{
            alignSelf: 'flex-start',
            px: 1,
            py: 0.25,
            borderRadius: 2,
            bgcolor: 'rgba(19,179,163,.25)',
            color: '#7FF3E6',
            fontWeight: 700,
            fontSize: 13,
          }}
        >
          +8.4%
        </Box>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 1, height: 120 }}>
        {bars.map((h, i) => (
          <Box
            key={i}
            sx={{
              flex: 1,
              height: `${h}%`,
              borderRadius: 1,
              background:
                i === 9
                  ? brand.teal
                  : 'linear-gradient(180deg, rgba(255,255,255,.85), rgba(255,255,255,.35))',
            }}
          />
        ))}
      </Box>
    </Box>
  );
}

/**
 * Plain layout of the sign-in pages: a brand panel beside the form (the form alone on narrow
 * screens), a language switch and the version.
 */
export function AuthLayout() {
  const { t } = useTranslation();
  const lang = useLang();
  const location = useLocation();
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', bgcolor: '#fff' }}>
      <Box
        sx={{
          flex: '1 1 52%',
          display: { xs: 'none', md: 'flex' },
          flexDirection: 'column',
          justifyContent: 'space-between',
          p: 6,
          color: '#fff',
          background: `radial-gradient(900px 500px at 15% 10%, ${brand.blue} 0%, transparent 60%), radial-gradient(700px 500px at 90% 90%, #0E7C8F 0%, transparent 55%), ${brand.navy}`,
        }}
      >
        <BrandLogo size={36} inverted />
        <Box sx={{ maxWidth: 520 }}>
          <Typography
            variant="h1"
            component="p"
            sx={{ color: '#fff', mb: 2, fontSize: { md: '2.25rem', lg: '2.75rem' } }}
          >
            {t('auth_hero_title')}
          </Typography>
          <Typography sx={{ color: 'rgba(255,255,255,.78)', fontSize: 17, lineHeight: 1.6 }}>
            {t('auth_hero_text')}
          </Typography>
          <Stack spacing={1.25} sx={{ mt: 3 }}>
            {(['auth_hero_point_1', 'auth_hero_point_2', 'auth_hero_point_3'] as const).map((k) => (
              <Box
                key={k}
                sx={{ display: 'flex', gap: 1.25, alignItems: 'center', color: 'rgba(255,255,255,.9)' }}
              >
                <CheckCircle sx={{ color: brand.teal, fontSize: 20 }} />
                <span>{t(k)}</span>
              </Box>
            ))}
          </Stack>
          <HeroChart />
        </Box>
        <Typography variant="body2" sx={{ color: 'rgba(255,255,255,.55)' }}>
          © {new Date().getFullYear()} {appInfo.name} · {t('version_short', { version: appInfo.version })}
        </Typography>
      </Box>
      <Box sx={{ flex: '1 1 48%', display: 'flex', flexDirection: 'column', minWidth: 0 }}>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            px: { xs: 3, sm: 5 },
            py: 3,
          }}
        >
          <Box sx={{ display: { md: 'none' } }}>
            <BrandLogo size={30} />
          </Box>
          <Box sx={{ flex: 1 }} />
          <Stack direction="row" spacing={0.5} component="nav" aria-label={t('language')}>
            {LANGUAGES.map((l) => (
              <Link
                key={l}
                component={RouterLink}
                to={switchLanguage(location.pathname, l) + location.search}
                onClick={() => writeLanguageCookie(l)}
                underline="none"
                lang={l}
                aria-current={l === lang ? 'true' : undefined}
                sx={{
                  px: 1.25,
                  py: 0.5,
                  borderRadius: 1.5,
                  fontSize: 13,
                  fontWeight: 700,
                  color: l === lang ? 'primary.main' : 'text.secondary',
                  bgcolor: l === lang ? 'rgba(36,80,216,.08)' : 'transparent',
                }}
              >
                {l.toUpperCase()}
              </Link>
            ))}
          </Stack>
        </Box>
        <Box
          sx={{
            flex: 1,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            px: { xs: 3, sm: 5 },
            pb: 6,
          }}
        >
          <Box component="main" sx={{ width: '100%', maxWidth: 420 }}>
            <Outlet />
          </Box>
        </Box>
      </Box>
    </Box>
  );
}
