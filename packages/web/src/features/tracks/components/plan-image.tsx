import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import type { FloorPlanView } from '@footfall/domain';

/** A box of the plan's proportions, at most its width, framed. */
export const planFrame = (plan: { width: number; height: number }) =>
  ({
    position: 'relative',
    width: '100%',
    maxWidth: plan.width,
    aspectRatio: `${plan.width} / ${plan.height}`,
    border: 1,
    borderColor: 'divider',
  }) as const;

/**
 * The floor plan image at the width of its container with an overlay (canvas or SVG) drawn in plan
 * pixels on top; without an uploaded image, a plain grid of the plan's size.
 */
export function PlanImage({ plan, children }: { plan: FloorPlanView; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        ...planFrame(plan),
        borderRadius: 1,
        overflow: 'hidden',
        bgcolor: '#f7f8fa',
        backgroundImage: plan.image
          ? 'none'
          : 'linear-gradient(#e3e7ee 1px, transparent 1px), linear-gradient(90deg, #e3e7ee 1px, transparent 1px)',
        backgroundSize: '40px 40px',
      }}
    >
      {plan.image && (
        <Box
          component="img"
          src={plan.image}
          alt={t('tracks_plan_alt', { location: plan.locationName })}
          sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', display: 'block' }}
        />
      )}
      {children}
    </Box>
  );
}
