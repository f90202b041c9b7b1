import type { NodeTypeName } from '@footfall/domain';

/** Skeleton: the real form follows. */
export function NodeCreateForm({
  parentId,
  type,
}: {
  parentId: string | null;
  type: NodeTypeName;
  onCreated?: (nodeId: string) => void;
}) {
  return <div data-testid="NodeCreateForm" data-parent-id={parentId ?? ''} data-type={type} />;
}
