import { useEffect, useRef } from 'react';
import type { EChartsCoreOption } from 'echarts/core';
import { echarts } from './echarts-core';
import { createTaskQueue } from '../../lib/task-queue';

type Chart = ReturnType<typeof echarts.init>;

/**
 * Charts are created one per task, and only once on screen: several widgets mounting together
 * would otherwise build all their charts in one long task and block the page (total blocking time).
 */
const charts = createTaskQueue();

function whenVisible(el: Element, run: () => void): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    run();
    return () => undefined;
  }
  const io = new IntersectionObserver((entries) => {
    if (entries.some((e) => e.isIntersecting)) {
      io.disconnect();
      run();
    }
  });
  io.observe(el);
  return () => io.disconnect();
}

/** One ECharts instance in a box that follows its container's size. Loaded lazily (see chart.tsx). */
export default function EChart({ option, label }: { option: EChartsCoreOption; label: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<Chart | null>(null);
  const latest = useRef(option);
  latest.current = option;
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let disposed = false;
    let ro: ResizeObserver | null = null;
    const stop = whenVisible(el, () => {
      // three turns: the instance, the option's models, then the drawing in the next frame (lazyUpdate),
      // not one long task (the first chart also sets up much of ECharts itself)
      void charts
        .next()
        .then(() => {
          if (disposed) return null;
          return echarts.init(el, undefined, { renderer: 'canvas' });
        })
        .then(async (c) => {
          if (!c) return;
          await charts.next();
          if (disposed) {
            c.dispose();
            return;
          }
          c.setOption(latest.current, { notMerge: true, lazyUpdate: true });
          chart.current = c;
          // redraw only when the box really changes size (the observer also reports the initial size)
          let size = `${el.clientWidth}x${el.clientHeight}`;
          ro = new ResizeObserver(() => {
            const next = `${el.clientWidth}x${el.clientHeight}`;
            if (next === size) return;
            size = next;
            c.resize();
          });
          ro.observe(el);
        });
    });
    return () => {
      disposed = true;
      stop();
      ro?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);
  return <div ref={ref} role="img" aria-label={label} style={{ width: '100%', height: '100%' }} />;
}
