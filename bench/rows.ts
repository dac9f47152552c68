/** A row of the results table, and how repeated runs of a scenario become one row. */
import type { Measured } from './load';
import { medianOf } from './proc-stats';

export interface Row {
  scenario: string;
  measured: Measured;
  peakRss: number;
  /** The measured server's CPU time per answered request, in µs (Linux). */
  cpuUs?: number;
  ratio?: { of: string; value: number };
  note?: string;
}

/**
 * One row for repeated runs of a scenario: the run with the median req/s (its latencies with it),
 * or with the median p99 (`by`, for paced rows, whose req/s is set), the peak RSS of all runs,
 * and each run's req/s (or p99) in the note. It takes the first run's place in `rows`, and the
 * other runs leave the table.
 */
export function medianRow(
  rows: Row[],
  runs: Row[],
  scenario: string,
  by: 'rps' | 'p99' = 'rps',
): Row {
  if (runs.length === 1) return runs[0]!;
  const sorted = [...runs].sort((a, b) => a.measured[by] - b.measured[by]);
  const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
  const row: Row = {
    scenario: `${scenario}, median of ${runs.length}`,
    measured: median.measured,
    peakRss: Math.max(...runs.map((r) => r.peakRss)),
    cpuUs: medianOf(runs.map((r) => r.cpuUs)),
    note:
      by === 'rps'
        ? `runs: ${runs.map((r) => r.measured.rps.toFixed(0)).join(', ')} req/s`
        : `runs: p99 ${runs.map((r) => r.measured.p99.toFixed(2)).join(', ')} ms`,
  };
  rows.splice(rows.indexOf(runs[0]!), 1, row);
  for (const r of runs.slice(1)) rows.splice(rows.indexOf(r), 1);
  return row;
}
