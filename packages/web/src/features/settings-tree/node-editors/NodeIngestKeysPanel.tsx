/** Skeleton: the real panel follows. */
export function NodeIngestKeysPanel({ nodeId }: { nodeId: string }) {
  return <div data-testid="NodeIngestKeysPanel" data-node-id={nodeId} />;
}
