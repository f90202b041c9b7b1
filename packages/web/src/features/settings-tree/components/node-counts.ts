import type { TFunction } from 'i18next';
import type { IndexedNode } from '../lib/tree-model';

/** "3 locations · 12 devices" for a group, "12 devices" for a location, nothing for a device. */
export function countsText(t: TFunction, node: Pick<IndexedNode, 'kind' | 'locations' | 'devices'>): string {
  if (node.kind === 'device') return '';
  const devices = t('settings_tree_count_devices', { count: node.devices });
  return node.kind === 'group'
    ? t('settings_tree_counts', {
        locations: t('settings_tree_count_locations', { count: node.locations }),
        devices,
      })
    : devices;
}
