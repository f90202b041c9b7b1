import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportFormatOf } from './device-export';

const sample = (name: string) =>
  readFileSync(
    path.resolve(__dirname, '../../../../../../server/src/features/timeseries/sensors/samples', name),
    'utf8',
  );

describe('exportFormatOf', () => {
  it("recognises the vendors' published exports by their header", () => {
    // Xovis PC2SE "Person count in_out" export (samples/README.md cites it)
    expect(exportFormatOf(sample('xovis-pc2se-count-export.csv'))).toBe('xovis');
    // AXIS 3D People Counter (P8815-2) foot traffic export, VAPIX "Download foot traffic statistics"
    expect(exportFormatOf(sample('axis-3d-people-counter-export-minute.csv'))).toBe('axis');
    expect(exportFormatOf(sample('axis-3d-people-counter-export-day.csv'))).toBe('axis');
  });

  it('reads the AXIS People Counter header, quotes, a byte-order mark and CRLF', () => {
    expect(
      exportFormatOf(
        'Interval start,Interval stop,Camera serial number,Counter name,Pedestrians coming in,Pedestrians going out\r\n',
      ),
    ).toBe('axis');
    expect(exportFormatOf('\uFEFF"From-time","To-time","Forward counter"\r\n1,2,3')).toBe('xovis');
  });

  it('answers null for anything else', () => {
    expect(exportFormatOf('')).toBeNull();
    expect(exportFormatOf('date,in,out\n2020-01-01,1,2')).toBeNull();
    // the header is the first line only
    expect(exportFormatOf('name\nstart,end,in,out')).toBeNull();
  });
});
