/** Skeleton: the real panel follows. */
export function NodeTimeSeriesPanel({ nodeId }: { nodeId: string }) {
  return <div data-testid="NodeTimeSeriesPanel" data-node-id={nodeId} />;
}
