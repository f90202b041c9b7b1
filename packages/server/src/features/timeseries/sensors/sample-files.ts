import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import JSON5 from 'json5';

/** The device samples (samples/, cited in samples/README.md) for the tests, read as they are. */
const folder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'samples');

/** A sample's text, byte for byte. */
export const sampleText = (name: string) => fs.readFileSync(path.join(folder, name), 'utf8');

/** A JSON sample, or one written as a JavaScript literal (JSON5 reads both). */
export const sampleJson = (name: string) => JSON5.parse(sampleText(name)) as Record<string, unknown>;
