import type { TreeNode } from '@footfall/domain';
import { TREE_CACHE_MS } from '@footfall/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client';

/** The caller's organisational tree with attributes (location groups), cached 15 minutes (spec 9). */
export const treeQuery = () =>
  queryOptions({
    queryKey: ['tree', 'mine', 'withAttributes'] as const,
    queryFn: ({ signal }) =>
      // spec section 8: tree fetch failures are logged only
      api<TreeNode[]>('/api/OrganizationalTree?withAttributes=true', { signal }).catch((e: unknown) => {
        console.error('tree', e);
        return [] as TreeNode[];
      }),
    staleTime: TREE_CACHE_MS,
    gcTime: TREE_CACHE_MS,
  });

export interface FlatNode {
  id: string;
  name: string;
  parentId: string | null;
  kind: 'group' | 'location' | 'device';
  referenceId: string | null;
  macAddress: string | null;
  locationGroup: string | null;
  /** device nodes: the device connector can be opened (spec 2 "Tree view" device links) */
  deviceConnectorAvailable?: boolean;
  depth: number;
}

const KIND = {
  ClientNodeAttributes: 'group',
  StoreNodeAttributes: 'location',
  DeviceNodeAttributes: 'device',
} as const;

/** The tree in display order, each node with its depth. */
export function flattenTree(nodes: readonly TreeNode[], depth = 0, out: FlatNode[] = []): FlatNode[] {
  for (const n of nodes) {
    const attrs = (n.attributes ?? {}) as {
      macAddress?: string | null;
      locationGroup?: string | null;
      deviceConnectorAvailable?: boolean;
    };
    out.push({
      id: n.id,
      name: n.name,
      parentId: n.parentId,
      kind: KIND[n.type],
      referenceId: n.referenceId,
      macAddress: attrs.macAddress ?? null,
      locationGroup: attrs.locationGroup ?? null,
      deviceConnectorAvailable: attrs.deviceConnectorAvailable === true,
      depth,
    });
    flattenTree(n.children, depth + 1, out);
  }
  return out;
}
