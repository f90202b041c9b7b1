import { useEffect, useRef, useState } from 'react';
import { LiveConnection, type LiveHandlers, type LiveStatus } from './live-connection';

/**
 * One hub connection for the lifetime of a screen: subscribes to `nodeIds`, calls the latest
 * handlers, and reports the status for the connection indicator. A change of token source or
 * nodes makes a new connection; the old one is stopped cleanly.
 */
export function useLiveConnection(opts: {
  accessToken: (() => string | Promise<string>) | null;
  nodeIds: readonly string[];
  handlers: LiveHandlers;
}): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>('disconnected');
  const handlers = useRef(opts.handlers);
  handlers.current = opts.handlers;
  const tokenRef = useRef(opts.accessToken);
  tokenRef.current = opts.accessToken;
  const enabled = opts.accessToken !== null;
  const nodesKey = [...opts.nodeIds].sort().join(',');

  useEffect(() => {
    if (!enabled) return;
    const conn = new LiveConnection({
      accessToken: () => tokenRef.current?.() ?? '',
      nodeIds: nodesKey ? nodesKey.split(',') : [],
      onStatus: setStatus,
      handlers: {
        onOccupancy: (...a) => handlers.current.onOccupancy?.(...a),
        onSettings: (...a) => handlers.current.onSettings?.(...a),
        onFeed: (m) => handlers.current.onFeed?.(m),
        onSubscribeError: (e) => handlers.current.onSubscribeError?.(e),
      },
    });
    void conn.start();
    return () => void conn.stop();
  }, [enabled, nodesKey]);

  return status;
}
