import { createTheme, alpha } from '@mui/material/styles';
import type { Localization } from '@mui/material/locale';

/** Brand palette: a confident blue with a teal accent on cool greys. */
export const brand = {
  blue: '#2450D8',
  blueDark: '#1A3AA3',
  navy: '#0F1F4B',
  teal: '#13B3A3',
  /** teal for text on white (5:1; the brand teal is 2.6:1, for marks and borders only) */
  tealText: '#0B7C71',
  /** white text on it: 4.8:1 (MUI's info blue is 3.9:1) */
  infoChip: '#0277BD',
  /** placeholder text: 5:1 on white (MUI's default, the text colour at 42 %, is 2.4:1) */
  placeholder: '#667085',
  amber: '#F5A524',
  ink: '#101828',
  slate: '#475467',
  line: '#E4E7EC',
  canvas: '#F4F6FB',
} as const;

const fontFamily = '"Inter Variable", "Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

export function createAppTheme(locale?: Localization) {
  return createTheme(
    {
      breakpoints: { values: { xs: 0, sm: 600, md: 900, lg: 1246, xl: 1536 } },
      palette: {
        primary: { main: brand.blue, dark: brand.blueDark, contrastText: '#fff' },
        secondary: { main: brand.teal, contrastText: '#fff' },
        warning: { main: brand.amber },
        background: { default: brand.canvas, paper: '#fff' },
        text: { primary: brand.ink, secondary: brand.slate },
        divider: brand.line,
      },
      shape: { borderRadius: 10 },
      typography: {
        fontFamily,
        h1: { fontWeight: 700, fontSize: '2.25rem', letterSpacing: '-0.02em' },
        h2: { fontWeight: 700, fontSize: '1.875rem', letterSpacing: '-0.02em' },
        h3: { fontWeight: 700, fontSize: '1.5rem', letterSpacing: '-0.01em' },
        h4: { fontWeight: 650, fontSize: '1.25rem' },
        h5: { fontWeight: 650, fontSize: '1.125rem' },
        h6: { fontWeight: 650, fontSize: '1rem' },
        subtitle1: { fontWeight: 500 },
        subtitle2: { fontWeight: 600, color: brand.slate },
        button: { textTransform: 'none', fontWeight: 600 },
        overline: { fontWeight: 700, letterSpacing: '0.08em' },
      },
      components: {
        MuiCssBaseline: {
          styleOverrides: {
            body: { backgroundColor: brand.canvas, WebkitFontSmoothing: 'antialiased' },
          },
        },
        MuiAppBar: {
          defaultProps: { elevation: 0, color: 'inherit' },
          styleOverrides: {
            root: { backgroundColor: '#fff', borderBottom: `1px solid ${brand.line}` },
          },
        },
        MuiButton: {
          defaultProps: { disableElevation: true },
          styleOverrides: { root: { borderRadius: 8, paddingInline: 16 }, sizeLarge: { minHeight: 46 } },
        },
        MuiCard: {
          defaultProps: { elevation: 0 },
          styleOverrides: { root: { border: `1px solid ${brand.line}`, borderRadius: 14 } },
        },
        MuiPaper: { styleOverrides: { rounded: { borderRadius: 12 } } },
        MuiDialog: { styleOverrides: { paper: { borderRadius: 16 } } },
        MuiDialogTitle: { styleOverrides: { root: { fontWeight: 650, fontSize: '1.125rem' } } },
        MuiTooltip: {
          defaultProps: { arrow: true },
          styleOverrides: { tooltip: { backgroundColor: brand.navy, fontSize: '0.75rem' } },
        },
        MuiListItemButton: {
          styleOverrides: {
            root: {
              borderRadius: 8,
              '&.Mui-selected': {
                backgroundColor: alpha(brand.blue, 0.1),
                color: brand.blue,
                '& .MuiListItemIcon-root': { color: brand.blue },
              },
              '&.Mui-selected:hover': { backgroundColor: alpha(brand.blue, 0.14) },
            },
          },
        },
        MuiListItemIcon: { styleOverrides: { root: { minWidth: 36, color: brand.slate } } },
        MuiInputBase: {
          styleOverrides: { input: { '&::placeholder': { color: brand.placeholder, opacity: 1 } } },
        },
        MuiChip: {
          styleOverrides: {
            root: {
              variants: [
                { props: { variant: 'outlined', color: 'secondary' }, style: { color: brand.tealText } },
                { props: { variant: 'filled', color: 'info' }, style: { backgroundColor: brand.infoChip } },
              ],
            },
          },
        },
        MuiOutlinedInput: {
          styleOverrides: {
            root: { backgroundColor: '#fff', '& fieldset': { borderColor: '#D0D5DD' } },
          },
        },
        MuiBottomNavigationAction: {
          styleOverrides: {
            root: { minWidth: 0, paddingInline: 4, '&.Mui-selected': { color: brand.blue } },
          },
        },
        MuiAlert: { styleOverrides: { root: { borderRadius: 10 } } },
      },
    },
    ...(locale ? [locale] : []),
  );
}
