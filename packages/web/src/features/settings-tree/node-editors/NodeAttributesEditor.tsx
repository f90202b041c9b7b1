import type { EditableNode } from './types';

/** Skeleton: the real editor follows. */
export function NodeAttributesEditor({ node }: { node: EditableNode }) {
  return <div data-testid="NodeAttributesEditor" data-node-id={node.id} />;
}
