import { useEffect, useState, type PointerEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Delete from '@mui/icons-material/DeleteOutlined';
import Upload from '@mui/icons-material/Upload';
import {
  FLOOR_PLAN_TYPES,
  type DevicePlacement,
  type FloorPlanDevice,
  type FloorPlanUpload,
} from '@footfall/domain';
import { floorPlanQuery, useFloorPlanMutations } from '../api/tracks-api';
import { deviceColour } from '../lib/plan-canvas';
import { toPlan, toSensor } from '../lib/plan-geometry';
import { useTrackSelection } from '../lib/track-selection';
import { PlanImage } from './plan-image';
import { TrackShell } from './track-shell';

type DraftZone = { id?: string; name: string; points: [number, number][] };

/** Reads an image file as base64 with its natural size. */
function readImage(file: File): Promise<FloorPlanUpload> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(new Error('read'));
    reader.onload = () => {
      const url = String(reader.result);
      const img = new Image();
      img.onload = () =>
        resolve({
          contentType: file.type as FloorPlanUpload['contentType'],
          content: url.slice(url.indexOf(',') + 1),
          width: img.naturalWidth || 1200,
          height: img.naturalHeight || 800,
        });
      img.onerror = () => reject(new Error('image'));
      img.src = url;
    };
    reader.readAsDataURL(file);
  });
}

/**
 * Floor plan editor (/track/FloorPlan, admin-kind): upload the location's plan image, place each
 * sensor's field of view (scale in pixels per metre, rotation, offset), draw its active zones by
 * dragging a rectangle on the plan, rename or delete them, save.
 */
export function FloorPlanPage() {
  const { t } = useTranslation();
  const selection = useTrackSelection();
  const plan = useQuery(floorPlanQuery(selection.locationId));
  const mutations = useFloorPlanMutations(selection.locationId ?? '');
  const devices = plan.data?.devices ?? [];
  const [deviceId, setDeviceId] = useState<string | null>(null);
  const device: FloorPlanDevice | undefined = devices.find((d) => d.deviceId === deviceId) ?? devices[0];
  const [placement, setPlacement] = useState<DevicePlacement | null>(null);
  const [zones, setZones] = useState<DraftZone[]>([]);
  const [drag, setDrag] = useState<{ x0: number; y0: number; x1: number; y1: number } | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    if (!device) return;
    setPlacement({
      scale: device.scale,
      rotation: device.rotation,
      offsetX: device.offsetX,
      offsetY: device.offsetY,
    });
    setZones(device.zones.map((z) => ({ id: z.id, name: z.name, points: z.points })));
  }, [device]);

  const done = (ok: boolean) => setNotice({ ok, text: t(ok ? 'tracks_saved' : 'tracks_save_failed') });
  const planPoint = (e: PointerEvent<SVGSVGElement>): [number, number] => {
    const box = e.currentTarget.getBoundingClientRect();
    return [
      ((e.clientX - box.left) / box.width) * plan.data!.width,
      ((e.clientY - box.top) / box.height) * plan.data!.height,
    ];
  };
  const finishDrag = () => {
    if (!drag || !placement) return setDrag(null);
    const { x0, y0, x1, y1 } = drag;
    setDrag(null);
    if (Math.abs(x1 - x0) < 8 || Math.abs(y1 - y0) < 8) return;
    const corners: [number, number][] = [
      [x0, y0],
      [x1, y0],
      [x1, y1],
      [x0, y1],
    ].map(([x, y]) => toSensor(placement, x!, y!).map((v) => Math.round(v * 100) / 100) as [number, number]);
    setZones((z) => [...z, { name: t('tracks_zone_default', { n: z.length + 1 }), points: corners }]);
  };

  const field = (key: keyof DevicePlacement, label: string) => (
    <TextField
      size="small"
      type="number"
      label={label}
      value={placement?.[key] ?? ''}
      onChange={(e) => placement && setPlacement({ ...placement, [key]: Number(e.target.value) })}
      sx={{ width: 130 }}
      slotProps={{
        htmlInput: {
          step: key === 'scale' ? 1 : key === 'rotation' ? 5 : 10,
          'data-testid': `placement-${key}`,
        },
      }}
    />
  );

  return (
    <TrackShell tab="floorPlan" selection={selection} hidePeriod>
      {notice && (
        <Alert severity={notice.ok ? 'success' : 'error'} sx={{ mb: 2 }} onClose={() => setNotice(null)}>
          {notice.text}
        </Alert>
      )}
      {plan.data && (
        <Stack direction={{ xs: 'column', lg: 'row' }} sx={{ gap: 2, alignItems: 'flex-start' }}>
          <Box sx={{ flex: '1 1 auto', width: '100%' }}>
            <PlanImage plan={plan.data}>
              <svg
                viewBox={`0 0 ${plan.data.width} ${plan.data.height}`}
                style={{
                  position: 'absolute',
                  inset: 0,
                  width: '100%',
                  height: '100%',
                  cursor: 'crosshair',
                  touchAction: 'none',
                }}
                role="img"
                aria-label={t('tracks_draw_hint')}
                data-testid="plan-editor"
                onPointerDown={(e) => {
                  const [x, y] = planPoint(e);
                  setDrag({ x0: x, y0: y, x1: x, y1: y });
                }}
                onPointerMove={(e) => {
                  if (!drag) return;
                  const [x, y] = planPoint(e);
                  setDrag({ ...drag, x1: x, y1: y });
                }}
                onPointerUp={finishDrag}
                onPointerLeave={finishDrag}
              >
                {devices.map((d, i) => {
                  const p = d.deviceId === device?.deviceId && placement ? placement : d;
                  const zs = d.deviceId === device?.deviceId ? zones : d.zones;
                  const colour = deviceColour(i);
                  const [ox, oy] = toPlan(p, 0, 0);
                  const [ax, ay] = toPlan(p, 1, 0);
                  return (
                    <g key={d.deviceId} opacity={d.deviceId === device?.deviceId ? 1 : 0.45}>
                      {zs.map((z, k) => (
                        <g key={k}>
                          <polygon
                            points={z.points.map(([x, y]) => toPlan(p, x, y).join(',')).join(' ')}
                            fill={colour}
                            fillOpacity={0.15}
                            stroke={colour}
                            strokeWidth={2}
                          />
                          <text
                            x={toPlan(p, z.points[0]![0], z.points[0]![1])[0] + 6}
                            y={toPlan(p, z.points[0]![0], z.points[0]![1])[1] + 20}
                            fontSize={18}
                            fill={colour}
                          >
                            {z.name}
                          </text>
                        </g>
                      ))}
                      <circle cx={ox} cy={oy} r={8} fill={colour} />
                      <line x1={ox} y1={oy} x2={ax} y2={ay} stroke={colour} strokeWidth={3} />
                    </g>
                  );
                })}
                {drag && (
                  <rect
                    x={Math.min(drag.x0, drag.x1)}
                    y={Math.min(drag.y0, drag.y1)}
                    width={Math.abs(drag.x1 - drag.x0)}
                    height={Math.abs(drag.y1 - drag.y0)}
                    fill="none"
                    stroke="#111"
                    strokeDasharray="6 4"
                    strokeWidth={2}
                  />
                )}
              </svg>
            </PlanImage>
            <Typography variant="body2" sx={{ mt: 1, color: 'text.secondary' }}>
              {t('tracks_draw_hint')}
            </Typography>
          </Box>
          <Stack spacing={2} sx={{ width: { xs: '100%', lg: 420 }, flex: '0 0 auto' }}>
            <Paper variant="outlined" sx={{ p: 2 }}>
              <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
                {t('tracks_plan_image')}
              </Typography>
              <Button component="label" variant="outlined" startIcon={<Upload />}>
                {t('tracks_plan_upload')}
                <input
                  hidden
                  type="file"
                  accept={FLOOR_PLAN_TYPES.join(',')}
                  data-testid="plan-upload"
                  onChange={(e) => {
                    const file = e.target.files?.[0];
                    if (file)
                      void readImage(file)
                        .then((body) => mutations.upload.mutateAsync(body))
                        .then(
                          () => done(true),
                          () => done(false),
                        );
                  }}
                />
              </Button>
            </Paper>
            {device && placement ? (
              <Paper variant="outlined" sx={{ p: 2 }}>
                <TextField
                  select
                  size="small"
                  fullWidth
                  label={t('tracks_sensor')}
                  value={device.deviceId}
                  onChange={(e) => setDeviceId(e.target.value)}
                  sx={{ mb: 2 }}
                >
                  {devices.map((d) => (
                    <MenuItem key={d.deviceId} value={d.deviceId}>
                      {d.name}
                    </MenuItem>
                  ))}
                </TextField>
                <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
                  {t('tracks_placement')}
                </Typography>
                <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mb: 1 }}>
                  {field('scale', t('tracks_scale'))}
                  {field('rotation', t('tracks_rotation'))}
                  {field('offsetX', t('tracks_offset_x'))}
                  {field('offsetY', t('tracks_offset_y'))}
                </Stack>
                <Button
                  variant="contained"
                  size="small"
                  data-testid="placement-save"
                  onClick={() =>
                    mutations.place.mutateAsync({ deviceId: device.deviceId, ...placement }).then(
                      () => done(true),
                      () => done(false),
                    )
                  }
                >
                  {t('tracks_save_placement')}
                </Button>
                <Typography variant="subtitle2" component="h2" sx={{ mt: 3, mb: 1 }}>
                  {t('tracks_active_zones')}
                </Typography>
                <Stack spacing={1} data-testid="zone-list">
                  {zones.length === 0 && <Typography variant="body2">{t('tracks_no_zones')}</Typography>}
                  {zones.map((z, i) => (
                    <Stack key={z.id ?? `new-${i}`} direction="row" sx={{ gap: 1, alignItems: 'center' }}>
                      <TextField
                        size="small"
                        fullWidth
                        label={t('tracks_zone_name')}
                        value={z.name}
                        onChange={(e) =>
                          setZones(zones.map((x, k) => (k === i ? { ...x, name: e.target.value } : x)))
                        }
                      />
                      <IconButton
                        aria-label={t('tracks_zone_delete', { zone: z.name })}
                        onClick={() => setZones(zones.filter((_, k) => k !== i))}
                      >
                        <Delete />
                      </IconButton>
                    </Stack>
                  ))}
                </Stack>
                <Button
                  sx={{ mt: 1 }}
                  variant="contained"
                  size="small"
                  data-testid="zones-save"
                  disabled={zones.some((z) => z.name.trim() === '')}
                  onClick={() =>
                    mutations.zones
                      .mutateAsync({
                        deviceId: device.deviceId,
                        zones: zones.map((z) => ({ ...z, name: z.name.trim() })),
                      })
                      .then(
                        () => done(true),
                        () => done(false),
                      )
                  }
                >
                  {t('tracks_save_zones')}
                </Button>
              </Paper>
            ) : (
              <Alert severity="info">{t('tracks_no_devices')}</Alert>
            )}
          </Stack>
        </Stack>
      )}
    </TrackShell>
  );
}
