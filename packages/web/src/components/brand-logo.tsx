import Box from '@mui/material/Box';
import { brand } from '../theme/theme';

/** The product mark: rising counting bars over a doorway arc, and the word mark. */
export function BrandMark({ size = 32, inverted = false }: { size?: number; inverted?: boolean }) {
  const bg = inverted ? '#fff' : brand.blue;
  const fg = inverted ? brand.blue : '#fff';
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill={bg} />
      <path d="M7 24V15a9 9 0 0 1 18 0v9" fill="none" stroke={fg} strokeOpacity=".35" strokeWidth="2.2" />
      <rect x="10" y="17" width="3" height="7" rx="1.5" fill={fg} />
      <rect x="14.5" y="13" width="3" height="11" rx="1.5" fill={fg} />
      <rect x="19" y="15.5" width="3" height="8.5" rx="1.5" fill={brand.teal} />
    </svg>
  );
}

export function BrandLogo({ size = 32, inverted = false }: { size?: number; inverted?: boolean }) {
  return (
    <Box
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.25, color: inverted ? '#fff' : brand.navy }}
    >
      <BrandMark size={size} inverted={inverted} />
      <Box
        component="span"
        sx={{ fontWeight: 750, fontSize: size * 0.6, letterSpacing: '-0.02em', lineHeight: 1 }}
      >
        Footfall
      </Box>
    </Box>
  );
}
