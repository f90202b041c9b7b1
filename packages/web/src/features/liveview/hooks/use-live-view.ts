import { useCallback, useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  LIVE_VIEW_RETRY_MS,
  liveViewLevel,
  type LiveFeedItem,
  type LiveViewInfo,
  type LiveViewLevel,
  type LiveViewQueue,
} from '@footfall/domain';
import { tokenStore } from '../../../lib/session/token-store';
import { useLiveConnection } from '../../../lib/live-hub/use-live-connection';
import { liveViewQuery, type LiveViewSource } from '../api/live-view-api';

/** a safety net under the hub: the screen re-reads its live view every minute anyway */
const POLL_MS = 60_000;

const newest = (items: LiveFeedItem[], protocol: string) =>
  items
    .filter((i) => i.measurementProtocol === protocol && i.value !== null && i.occurredOn)
    .sort((a, b) => b.occurredOn!.localeCompare(a.occurredOn!))[0];

/** Queue figures from a MeasurementsLiveFeed message (latest QueueLength and QueuingTime). */
export function queueFromFeed(items: LiveFeedItem[]): LiveViewQueue | null {
  const length = newest(items, 'QueueLength');
  const time = newest(items, 'QueuingTime');
  if (!length && !time) return null;
  const at =
    [length?.occurredOn, time?.occurredOn]
      .filter((x): x is string => !!x)
      .sort()
      .pop() ?? null;
  return { length: length?.value ?? null, waitingSeconds: time?.value ?? null, occurredOn: at };
}

/**
 * A live view screen's data: the live view from the API (re-read every minute, at each opening or
 * closing time, and after a settings change), the occupancy pushed by the hub in between, and the
 * colour level with the hysteresis of rules/live-view.ts. When the live view cannot be read the
 * page reloads after 5 seconds (spec "Live view").
 */
export function useLiveView(source: LiveViewSource | null) {
  const query = useQuery({
    ...liveViewQuery(source),
    enabled: source !== null,
    retry: 1,
    refetchInterval: POLL_MS,
    refetchOnWindowFocus: false,
  });
  const info = query.data;
  const { refetch } = query;

  useEffect(() => {
    if (!query.isError) return;
    const timer = window.setTimeout(() => window.location.reload(), LIVE_VIEW_RETRY_MS);
    return () => window.clearTimeout(timer);
  }, [query.isError]);

  // opening and closing times change the black screen: read again just after
  const changesAt = info?.openChangesAt;
  useEffect(() => {
    if (!changesAt) return;
    const ms = Math.min(Date.parse(changesAt) - Date.now() + 1000, 24 * 3600_000);
    const timer = window.setTimeout(() => void refetch(), Math.max(ms, 1000));
    return () => window.clearTimeout(timer);
  }, [changesAt, refetch]);

  const [pushed, setPushed] = useState<{ value: number; at: string } | null>(null);
  const [pushedQueue, setPushedQueue] = useState<LiveViewQueue | null>(null);

  const accessToken = useMemo(() => {
    if (!source || !info) return null;
    if (source.kind === 'public') return () => source.token;
    return () => tokenStore.get()?.token ?? '';
  }, [source, info]);

  const status = useLiveConnection({
    accessToken,
    nodeIds: info ? [info.nodeId] : [],
    handlers: {
      onOccupancy: (_nodeId, value, at, occupancyId) => {
        if (occupancyId === info?.occupancyId) setPushed({ value, at });
      },
      onSettings: (_occupancyId, _warning, _alert, liveViewId) => {
        if (liveViewId === info?.id) void refetch();
      },
      onFeed: (m) => {
        const q = queueFromFeed(m.items);
        if (q) setPushedQueue(q);
      },
      // a revoked link or a node no longer in scope: the API read tells the screen what to show
      onSubscribeError: () => void refetch(),
    },
  });

  // the value shown: whichever of the API read and the last push is newer
  const value = useMemo(() => {
    if (!info) return null;
    if (!pushed) return info.occupancyValue;
    const apiAt = info.occupancyUpdatedAt ? Date.parse(info.occupancyUpdatedAt) : 0;
    return Date.parse(pushed.at) > apiAt || Number.isNaN(Date.parse(pushed.at))
      ? pushed.value
      : info.occupancyValue;
  }, [info, pushed]);

  const queue = useMemo(() => {
    if (!info) return null;
    if (!pushedQueue?.occurredOn) return info.queue;
    return !info.queue.occurredOn || pushedQueue.occurredOn > info.queue.occurredOn
      ? pushedQueue
      : info.queue;
  }, [info, pushedQueue]);

  const level = useHysteresisLevel(value, info);

  const applyAdjustment = useCallback(
    (occupancyValue: number) => setPushed({ value: occupancyValue, at: new Date().toISOString() }),
    [],
  );

  return {
    query,
    info,
    value,
    queue,
    level,
    status,
    applyAdjustment,
    blackScreen: !!info && info.blackScreenOutsideBusinessHours && !info.openNow,
  };
}

/** The level steps up at once and down only past the threshold delta (rules/live-view.ts). */
function useHysteresisLevel(value: number | null, info: LiveViewInfo | undefined): LiveViewLevel {
  const [level, setLevel] = useState<LiveViewLevel>('normal');
  const w = info?.warningThreshold;
  const a = info?.alertThreshold;
  const d = info?.thresholdDelta;
  const pct = info?.isDeltaPercentage;
  useEffect(() => {
    if (w === undefined || a === undefined || d === undefined || pct === undefined) return;
    const s = { warningThreshold: w, alertThreshold: a, thresholdDelta: d, isDeltaPercentage: pct };
    setLevel((previous) => liveViewLevel(value, s, previous));
  }, [value, w, a, d, pct]);
  return level;
}
