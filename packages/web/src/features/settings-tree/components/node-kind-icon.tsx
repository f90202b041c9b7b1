import CorporateFare from '@mui/icons-material/CorporateFareOutlined';
import Sensors from '@mui/icons-material/SensorsOutlined';
import Storefront from '@mui/icons-material/StorefrontOutlined';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { NodeKind } from '@footfall/domain';

const ICONS = { group: CorporateFare, location: Storefront, device: Sensors } as const;
const COLORS = { group: 'primary', location: 'success', device: 'action' } as const;

/** The icon of a node type: a building for a client group, a shop for a location, a sensor for a device. */
export function NodeKindIcon({ kind, ...props }: { kind: NodeKind } & SvgIconProps) {
  const Icon = ICONS[kind];
  return <Icon fontSize="small" color={COLORS[kind]} aria-hidden {...props} />;
}
