/**
 * The Grafana dashboard's form: every query goes to the dashboard's Prometheus data source
 * variable, panels have unique ids and lie on the 24-column grid without overlapping, and each
 * panel's queries have unique refIds. (Its expressions are checked against a real Prometheus in
 * prometheus-scrape.test.ts.)
 */
import fs from 'node:fs';
import path from 'node:path';

interface Target {
  refId: string;
  expr: string;
  datasource: { type: string; uid: string };
}
interface Panel {
  id: number;
  type: string;
  title: string;
  gridPos: { h: number; w: number; x: number; y: number };
  datasource?: { type: string; uid: string };
  targets?: Target[];
}
interface Dashboard {
  uid: string;
  panels: Panel[];
  templating: { list: { name: string; type: string; query: string }[] };
}

const dashboard = JSON.parse(
  fs.readFileSync(
    path.resolve(__dirname, '../../deploy/grafana/data-holder-gateway.dashboard.json'),
    'utf8',
  ),
) as Dashboard;

describe('the Grafana dashboard', () => {
  it('when imported, then its queries use the Prometheus data source variable it declares', () => {
    expect(dashboard.templating.list).toContainEqual(
      expect.objectContaining({ name: 'datasource', type: 'datasource', query: 'prometheus' }),
    );
    const source = { type: 'prometheus', uid: '${datasource}' };
    for (const panel of dashboard.panels.filter((p) => p.type !== 'row')) {
      expect({ panel: panel.title, datasource: panel.datasource }).toEqual({
        panel: panel.title,
        datasource: source,
      });
      expect(panel.targets!.length).toBeGreaterThan(0);
      for (const target of panel.targets!) expect(target.datasource).toEqual(source);
      const refIds = panel.targets!.map((t) => t.refId);
      expect(new Set(refIds).size).toBe(refIds.length);
    }
  });

  it('when laid out, then panel ids are unique and panels sit on the grid without overlapping', () => {
    const ids = dashboard.panels.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    const taken = new Set<string>();
    for (const { title, gridPos } of dashboard.panels) {
      expect({ title, fits: gridPos.x >= 0 && gridPos.x + gridPos.w <= 24 }).toEqual({
        title,
        fits: true,
      });
      for (let x = gridPos.x; x < gridPos.x + gridPos.w; x += 1) {
        for (let y = gridPos.y; y < gridPos.y + gridPos.h; y += 1) {
          const cell = `${x},${y}`;
          expect({ title, overlaps: taken.has(cell) }).toEqual({ title, overlaps: false });
          taken.add(cell);
        }
      }
    }
  });

  it('when a panel shows circuits, then it keeps each circuit of a core apart', () => {
    // A core has one circuit per group of operations: summed per core, one open group would hide.
    const circuitExprs = dashboard.panels
      .flatMap((p) => p.targets ?? [])
      .map((t) => t.expr)
      .filter((expr) => expr.includes('dhg_circuit_'));
    expect(circuitExprs.length).toBeGreaterThan(0);
    for (const expr of circuitExprs)
      expect({ expr, byCircuit: /by \([^)]*\bcircuit\b[^)]*\)/.test(expr) }).toEqual({
        expr,
        byCircuit: true,
      });
  });
});
