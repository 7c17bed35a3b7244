/**
 * The Prometheus endpoint: `GET /metrics` on its own port (`METRICS_PORT`), bound to the loopback
 * interface unless `METRICS_HOST` names another, so it is never reachable where the public
 * servers are unless an operator says so. With `SERVER_INSTANCES=N` the primary process serves it
 * and sums its instances' registries (prom-client's AggregatorRegistry).
 */
import Fastify, { type FastifyInstance } from 'fastify';

export interface MetricsSource {
  contentType: string;
  metrics(): Promise<string>;
}

export async function buildMetricsApp(source: MetricsSource): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.get('/metrics', async (_request, reply) => {
    const body = await source.metrics();
    return reply
      .header('content-type', source.contentType)
      .header('cache-control', 'no-store')
      .send(body);
  });
  return app;
}
