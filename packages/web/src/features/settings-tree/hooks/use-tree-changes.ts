import type { NodeSummary, UpdateNodeBody } from '@footfall/domain';
import { useDeleteNode, useMoveNode, useSendToOrphans, useUpdateNode } from '../api/tree-admin-api';

/** The tree screen's changes, each with the screen's reaction to its success or failure. */
export function useTreeChanges(on: {
  onRenamed(node: NodeSummary): void;
  onMoved(node: NodeSummary, fromDialog: boolean): void;
  onMoveFailed(error: unknown, fromDialog: boolean): void;
  onDeleted(name: string, orphanedChildren: number): void;
  onOrphaned(name: string): void;
  /** a rename refused: the form stays open and shows why */
  onFormFailed(error: unknown): void;
  onFailed(error: unknown): void;
}) {
  const rename = useUpdateNode({ onSuccess: on.onRenamed, onError: on.onFormFailed });
  const move = useMoveNode();
  const remove = useDeleteNode();
  const orphan = useSendToOrphans();
  return {
    busy: rename.isPending || move.isPending || remove.isPending || orphan.isPending,
    rename: (input: { id: string; body: UpdateNodeBody }) => rename.mutate(input),
    move: (input: { nodeId: string; parentId: string }, fromDialog: boolean) =>
      move.mutate(input, {
        onSuccess: (node) => on.onMoved(node, fromDialog),
        onError: (e) => on.onMoveFailed(e, fromDialog),
      }),
    remove: (node: { id: string; name: string }) =>
      remove.mutate(node.id, {
        onSuccess: (res) => on.onDeleted(node.name, res.orphaned.length),
        onError: on.onFailed,
      }),
    orphan: (node: { id: string; name: string }) =>
      orphan.mutate([node.id], { onSuccess: () => on.onOrphaned(node.name), onError: on.onFailed }),
  };
}
