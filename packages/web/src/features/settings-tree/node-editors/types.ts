import type { NodeAttributes, TreeNode } from '@footfall/domain';

/** The tree API's node shape (a tree node or a node summary; children are not needed here). */
export type EditableNode = Pick<
  TreeNode,
  'id' | 'parentId' | 'referenceId' | 'name' | 'type' | 'shareMeasurementsFrom'
> & {
  attributes?: NodeAttributes;
};
