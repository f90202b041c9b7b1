/** Skeleton: the real panel follows. */
export function NodeOccupancyPanel({ nodeId }: { nodeId: string }) {
  return <div data-testid="NodeOccupancyPanel" data-node-id={nodeId} />;
}
