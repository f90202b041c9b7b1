import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import type { FloorPlanView } from '@footfall/domain';
import { canvasPixels, drawPlan } from '../lib/plan-canvas';
import { planFrame } from './plan-image';

const fill = { position: 'absolute', inset: 0, width: '100%', height: '100%', display: 'block' } as const;

/**
 * The player's drawing surface: the static floor plan (image, fields of view, zones) drawn once per
 * size into an opaque canvas, and over it the transparent canvas the frame loop draws the tracks on.
 * Both are as large in pixels as they are displayed (device pixels, see canvasPixels) and nothing
 * around them clips or rounds (no overflow hidden, no border radius): the compositor then copies the
 * plan and blends the tracks' layer as they are, where a canvas scaled inside rounded, clipped corners
 * cost it 10 to 24 ms a frame on a software compositor.
 */
export function PlayerStage(props: {
  plan: FloorPlanView;
  /** the tracks' 2D context (null when the canvas goes) */
  onContext: (ctx: CanvasRenderingContext2D | null) => void;
  /** the canvases were resized (and so cleared): the tracks are to be drawn again */
  onResize: () => void;
}) {
  const { plan, onContext, onResize } = props;
  const { t } = useTranslation();
  const fontFamily = useTheme().typography.fontFamily ?? 'sans-serif';
  const [pixels, setPixels] = useState<{ width: number; height: number } | null>(null);
  const observer = useRef<ResizeObserver | null>(null);
  const stageRef = useCallback((el: HTMLDivElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!el) return;
    observer.current = new ResizeObserver(([entry]) => {
      if (!entry) return;
      const device = entry.devicePixelContentBoxSize?.[0];
      const next = canvasPixels(
        { width: entry.contentRect.width, height: entry.contentRect.height },
        window.devicePixelRatio,
        device && { width: device.inlineSize, height: device.blockSize },
      );
      setPixels((old) => (old?.width === next.width && old.height === next.height ? old : next));
    });
    observer.current.observe(el);
  }, []);
  const tracksRef = useCallback(
    (el: HTMLCanvasElement | null) => onContext(el?.getContext('2d') ?? null),
    [onContext],
  );

  // the plan's image, decoded once
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  useEffect(() => {
    setImage(null);
    if (!plan.image) return;
    let live = true;
    const img = new Image();
    img.src = plan.image;
    img.decode().then(
      () => live && setImage(img),
      () => undefined, // an image the browser cannot decode leaves the bare background
    );
    return () => {
      live = false;
    };
  }, [plan.image]);

  const planCanvas = useRef<HTMLCanvasElement | null>(null);
  useEffect(() => {
    const ctx = planCanvas.current?.getContext('2d', { alpha: false });
    if (!ctx || !pixels) return;
    let live = true;
    const draw = () => live && drawPlan(ctx, plan, image, fontFamily);
    draw();
    // the zones' names again once the font is there
    document.fonts.load(`18px ${fontFamily}`).then(draw, () => undefined);
    return () => {
      live = false;
    };
  }, [pixels, plan, image, fontFamily]);

  useEffect(() => {
    if (pixels) onResize();
  }, [pixels, onResize]);

  const width = pixels?.width ?? plan.width;
  const height = pixels?.height ?? plan.height;
  return (
    <Box ref={stageRef} sx={planFrame(plan)}>
      <canvas
        ref={planCanvas}
        width={width}
        height={height}
        role="img"
        aria-label={t('tracks_plan_alt', { location: plan.locationName })}
        data-testid="track-plan-canvas"
        style={fill}
      />
      <canvas
        ref={tracksRef}
        width={width}
        height={height}
        role="img"
        aria-label={t('tracks_canvas_label')}
        data-testid="track-canvas"
        style={fill}
      />
    </Box>
  );
}
