/**
 * PromQL through Prometheus's own grammar (@prometheus-io/lezer-promql): the vector selectors of
 * an expression, so that a test can ask Prometheus for each metric and label matcher on its own.
 */
import { parser } from '@prometheus-io/lezer-promql';

/** The source text of every vector selector (`name{matchers}`) in `expr`, without ranges or offsets. */
export function vectorSelectors(expr: string): string[] {
  const tree = parser.parse(expr);
  const found: string[] = [];
  let error: number | undefined;
  tree.iterate({
    enter: (node) => {
      if (node.type.isError) error ??= node.from;
      if (node.name === 'VectorSelector') {
        found.push(expr.slice(node.from, node.to));
        return false;
      }
      return undefined;
    },
  });
  if (error !== undefined) throw new Error(`PromQL syntax error at ${error}: ${expr}`);
  return [...new Set(found)];
}

/** Grafana's interval variables, which Prometheus does not know, replaced by a fixed window. */
export function withGrafanaVariables(expr: string, window: string): string {
  return expr.replace(
    /\$__(rate_interval|interval|range)\b|\$\{__(rate_interval|interval|range)\}/g,
    window,
  );
}
