import type { NodeSummary, UpdateNodeBody } from '@footfall/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { treeQuery } from '../../../lib/tree-api';
import type { MutationConfig } from '../../../lib/react-query';

const BASE = '/api/OrganizationalTree';
const id = (nodeId: string) => encodeURIComponent(nodeId);

/** The orphans (nodes without a parent that are not client groups at the top): superAdmin only. */
export const orphansQuery = () =>
  queryOptions({
    queryKey: ['tree', 'orphans'] as const,
    queryFn: ({ signal }) => api<NodeSummary[]>(`${BASE}/orphans`, { signal }),
  });

export const updateNode = (input: { id: string; body: UpdateNodeBody }) =>
  api<NodeSummary>(`${BASE}/${id(input.id)}`, { method: 'PUT', body: input.body });
export const deleteNode = (nodeId: string) =>
  api<{ orphaned: string[] }>(`${BASE}/${id(nodeId)}`, { method: 'DELETE' });
export const moveNode = (input: { nodeId: string; parentId: string }) =>
  api<NodeSummary>(`${BASE}/move`, { method: 'POST', body: input });
export const sendToOrphans = (nodeIds: string[]) =>
  api<{ orphaned: string[] }>(`${BASE}/toOrphans`, { method: 'POST', body: { nodeIds } });

/**
 * A tree change: after it the caller's tree (every cached copy, e.g. the dashboard pane's) and the
 * orphans are read again. The component's own reactions run after the cache work.
 */
function useTreeMutation<Fn extends (input: never) => Promise<unknown>>(
  mutationFn: Fn,
  config: MutationConfig<Fn>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: mutationFn as (input: Parameters<Fn>[0]) => Promise<Awaited<ReturnType<Fn>>>,
    onSuccess: async (...args) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: treeQuery().queryKey.slice(0, 1) }),
        queryClient.invalidateQueries({ queryKey: orphansQuery().queryKey }),
      ]);
      await config.onSuccess?.(...args);
    },
  });
}

export const useUpdateNode = (config: MutationConfig<typeof updateNode> = {}) =>
  useTreeMutation(updateNode, config);
export const useDeleteNode = (config: MutationConfig<typeof deleteNode> = {}) =>
  useTreeMutation(deleteNode, config);
export const useMoveNode = (config: MutationConfig<typeof moveNode> = {}) =>
  useTreeMutation(moveNode, config);
export const useSendToOrphans = (config: MutationConfig<typeof sendToOrphans> = {}) =>
  useTreeMutation(sendToOrphans, config);
