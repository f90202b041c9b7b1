/** Skeleton: the real panel follows. */
export function NodeLiveViewsPanel({ nodeId }: { nodeId: string }) {
  return <div data-testid="NodeLiveViewsPanel" data-node-id={nodeId} />;
}
