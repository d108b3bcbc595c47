import { CALIBRATION } from './calibration-table.js';

/**
 * Turns the raw confidence of each field (how strong its evidence is: label, position, format, arithmetic)
 * into the share of such values that were right where it was measured (CALIBRATION, written by
 * bench/reader/calibration.ts --write). A field the table does not know keeps its raw value.
 */
export function calibrate(fields: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, raw] of Object.entries(fields)) {
    const bins = CALIBRATION[k];
    const bin = bins?.filter(([from]) => from <= raw + 1e-9).pop();
    out[k] = bin ? bin[1] : raw;
  }
  return out;
}
