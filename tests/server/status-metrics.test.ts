/**
 * Status from real traffic and metrics for operators (issue 34), with the metering gateway in
 * front of a stub inference deployment that succeeds, then fails until its circuit opens, then
 * recovers: `GET /v1/status.json` shows the deployment's calls, failures, availability, latency and
 * an incident opened by the circuit and closed when it closes (saying failed calls were not
 * charged); `GET /v1/status.atom` carries the incident; a flush that fails keeps its counts; and
 * `/metrics`, scraped before and after, shows the counters moved.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatusReport } from '@contract/status';
import { buildMetricsApp } from '../../server/src/metrics-server';
import type { OutcomeBatch, StatusRepository } from '../../server/src/repositories/status';
import { createStatusRecorder } from '../../server/src/services/status/recorder';
import { percentile } from '../../server/src/services/status/report';
import { metricSample as sample } from './metric-sample';
import {
  createHarness,
  productionServicesConfig,
  registerUser,
  testImage,
  type Harness,
  type TestUser,
} from './helpers';

// Long enough for a call on a loaded machine to find the circuit still open.
const OPEN_MS = 2_000;
const PATH = 'image-classification';

let failing = false;
let stub: FastifyInstance;
let h: Harness;
let user: TestUser;
let image: string;

beforeAll(async () => {
  stub = Fastify();
  // The stub reads nothing: a 200 with a valid answer, or a 500.
  stub.addContentTypeParser('*', (_request, payload, done) => {
    payload.resume();
    payload.on('end', () => done(null));
  });
  stub.post('/*', async (_request, reply) => {
    if (failing) return reply.code(500).send({ error_message: 'GPU fell over' });
    return {
      image: { width: 24, height: 24, original_width: 24, original_height: 24 },
      predictions: [{ label: 'cat', score: 0.9 }],
    };
  });
  await stub.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(stub.server.address() as net.AddressInfo).port}`;
  const production = productionServicesConfig(base, {
    SERVICES_UPSTREAM_FAILURES_TO_OPEN: '3',
    SERVICES_UPSTREAM_OPEN_MS: String(OPEN_MS),
  });
  h = await createHarness({ stripe: true, config: { upstreams: production.upstreams } });
  image = (await testImage('png', 24, 24)).toString('base64');
  user = await registerUser(h);
  await h.db.execute(
    sql`update organizations set balance_micros = 5000000 where owner_uid = ${user.uid}`,
  );
});
afterAll(async () => {
  await h?.close();
  await stub?.close();
});

const call = () =>
  h.callServices({
    method: 'POST',
    url: `/${PATH}`,
    headers: { 'api-key': user.playgroundKey.key },
    payload: { image },
  });

async function report(): Promise<StatusReport> {
  await h.deps.status.flush();
  const res = await h.callApi({ method: 'GET', url: '/v1/status.json' });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('public, max-age=15');
  return res.json() as StatusReport;
}

async function scrape(): Promise<string> {
  const app = await buildMetricsApp({
    contentType: h.deps.metrics.registry.contentType,
    metrics: () => h.deps.metrics.registry.metrics(),
  });
  const res = await app.inject({ method: 'GET', url: '/metrics' });
  await app.close();
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain/);
  return res.body;
}

describe('status from real traffic', () => {
  it('shows a failing upstream in status.json and the feed, and its recovery', async () => {
    const before = await scrape();
    for (let i = 0; i < 2; i++) expect((await call()).statusCode).toBe(200);
    failing = true;
    for (let i = 0; i < 3; i++) expect((await call()).statusCode).toBe(502);
    // The circuit is open: answered at once, 503, nothing charged.
    expect((await call()).statusCode).toBe(503);
    // A refused call (a caller's error) counts neither for nor against availability.
    const refused = await h.callServices({
      method: 'POST',
      url: `/${PATH}`,
      headers: { 'api-key': 'va_live_unknown' },
      payload: { image },
    });
    expect(refused.statusCode).toBe(401);

    const down = await report();
    const component = down.components.find((c) => c.id === PATH)!;
    expect(component).toMatchObject({
      name: 'Image classification',
      state: 'outage',
      calls: 6,
      failures: 4,
      availability_percent: 33.333,
    });
    expect(component.latency_p50_ms).toBeGreaterThan(0);
    expect(component.days).toHaveLength(1);
    expect(component.days[0]).toMatchObject({
      date: new Date().toISOString().slice(0, 10),
      calls: 6,
      failures: 4,
    });
    expect(down.state).toBe('outage');
    // The account API's own answers are counted too (this report's request among them, later).
    expect(down.components[0]).toMatchObject({ id: 'account-api', name: 'Account API' });
    const incident = down.incidents.find((i) => i.component === PATH)!;
    expect(incident).toMatchObject({
      title: 'Image classification: calls failing',
      resolved_at: null,
    });
    expect(incident.message).toContain('Failed calls were not charged.');
    expect(incident.message).toContain('failed (HTTP 500)');
    expect(incident.message.match(/charged/g)).toHaveLength(1);

    const feed = await h.callApi({ method: 'GET', url: '/v1/status.atom' });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    expect(feed.body).toMatch(
      /^<\?xml version="1.0" encoding="utf-8"\?>\n<feed xmlns="http:\/\/www.w3.org\/2005\/Atom">/,
    );
    expect(feed.body).toContain('<title>Image classification: calls failing</title>');
    expect(feed.body).toContain(`<id>urn:uuid:${incident.id}</id>`);
    expect(feed.body).toContain('Failed calls were not charged.');
    expect(feed.body).toContain(
      '<link rel="alternate" type="text/html" href="http://localhost:3000/status/"/>',
    );

    // The upstream recovers: the next call after the open period closes the circuit and the
    // incident with it.
    failing = false;
    await new Promise((resolve) => setTimeout(resolve, OPEN_MS + 100));
    expect((await call()).statusCode).toBe(200);
    const up = await report();
    const healed = up.incidents.find((i) => i.id === incident.id)!;
    expect(healed.resolved_at).not.toBeNull();
    expect(healed.title).toBe('Image classification: failures resolved');
    expect(healed.message).toContain('Calls succeed again. Failed calls were not charged.');
    const after = up.components.find((c) => c.id === PATH)!;
    // No incident open, but most of the last hour's calls failed.
    expect(after).toMatchObject({ state: 'degraded', calls: 7, failures: 4 });
    expect(up.components.find((c) => c.id === 'account-api')!.calls).toBeGreaterThanOrEqual(1);
    const feedAfter = await h.callApi({ method: 'GET', url: '/v1/status.atom' });
    expect(feedAfter.body).toContain('<title>Image classification: failures resolved</title>');

    // The operators' view of the same run.
    const metrics = await scrape();
    const moved = (name: string, labels: Record<string, string>) =>
      sample(metrics, name, labels) - sample(before, name, labels);
    expect(moved('visionapi_metered_calls_total', { deployment: PATH, outcome: 'charged' })).toBe(
      3,
    );
    expect(moved('visionapi_metered_calls_total', { deployment: PATH, outcome: 'failed' })).toBe(4);
    expect(moved('visionapi_metered_calls_total', { deployment: PATH, outcome: 'refused' })).toBe(
      1,
    );
    const price = Number(
      (
        (await h.db.execute(
          sql`select price_per_call_micros as price_micros from deployments where path = ${PATH}`,
        )) as unknown as { rows: Array<{ price_micros: string }> }
      ).rows[0]!.price_micros,
    );
    expect(moved('visionapi_charged_micro_usd_total', { deployment: PATH })).toBe(3 * price);
    expect(
      moved('visionapi_http_requests_total', {
        server: 'services',
        route: `/${PATH}`,
        status: '502',
      }),
    ).toBe(3);
    expect(
      moved('visionapi_http_requests_total', {
        server: 'api',
        route: '/v1/status.json',
        status: '200',
      }),
    ).toBe(2);
    expect(
      moved('visionapi_upstream_duration_seconds_count', { deployment: PATH, outcome: 'failed' }),
    ).toBe(4);
    expect(
      moved('visionapi_http_request_duration_seconds_count', {
        server: 'services',
        route: `/${PATH}`,
      }),
    ).toBe(8); // 7 metered calls and the refused one
    expect(metrics).toMatch(
      /^visionapi_upstream_circuit_state\{origin="http:\/\/127\.0\.0\.1:\d+"\} 0$/m,
    );
    expect(metrics).toMatch(/^visionapi_holds_open 0$/m);
    expect(metrics).toMatch(/^visionapi_calls_in_flight 0$/m);
    expect(metrics).toMatch(/^visionapi_background_job_lag_seconds\{job="status_flush"\} 0$/m);
    expect(metrics).toMatch(/^nodejs_eventloop_lag_seconds /m);
    if (process.env.DATABASE_URL) {
      expect(metrics).toMatch(/^visionapi_db_pool_connections\{state="max"\} \d+$/m);
    }
  });

  it('resolves an incident left open by a process that died, once calls succeed again', async () => {
    // As if the process whose circuit opened it had been killed before its circuit closed.
    await h.db.execute(
      sql`insert into status_incidents (component, started_at, cause) values (${PATH}, now() - interval '1 hour', 'a process died')`,
    );
    const stale = (await report()).incidents.find((i) => i.resolved_at === null)!;
    expect(stale).toMatchObject({ component: PATH });
    expect((await call()).statusCode).toBe(200);
    const after = await report();
    expect(after.incidents.find((i) => i.id === stale.id)!.resolved_at).not.toBeNull();
    expect(after.components.find((c) => c.id === PATH)!.state).not.toBe('outage');
  });

  it('counts each image of a batch as a metered call, and a replayed batch as its images replayed', async () => {
    const before = await scrape();
    const batch = (headers: Record<string, string> = {}) =>
      h.callServices({
        method: 'POST',
        url: `/${PATH}`,
        headers: { 'api-key': user.playgroundKey.key, ...headers },
        payload: {
          images: [{ image }, { image }, { image: Buffer.from('junk').toString('base64') }],
        },
      });
    const first = await batch({ 'idempotency-key': 'metrics-batch-1' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().results.map((r: { status: number }) => r.status)).toEqual([200, 200, 415]);
    const again = await batch({ 'idempotency-key': 'metrics-batch-1' });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const metrics = await scrape();
    const moved = (name: string, labels: Record<string, string>) =>
      sample(metrics, name, labels) - sample(before, name, labels);
    expect(moved('visionapi_metered_calls_total', { deployment: PATH, outcome: 'charged' })).toBe(
      2,
    );
    expect(moved('visionapi_metered_calls_total', { deployment: PATH, outcome: 'refused' })).toBe(
      1,
    );
    expect(moved('visionapi_metered_calls_total', { deployment: PATH, outcome: 'replayed' })).toBe(
      3,
    );
    const [row] = (
      (await h.db.execute(
        sql`select price_per_call_micros as price_micros from deployments where path = ${PATH}`,
      )) as unknown as { rows: Array<{ price_micros: string }> }
    ).rows;
    expect(moved('visionapi_charged_micro_usd_total', { deployment: PATH })).toBe(
      2 * Number(row!.price_micros),
    );
  });

  it('reads percentiles as the upper bound of the bucket that holds them', () => {
    // 10 answers under 25 ms, 10 under 100 ms: the median is in the first bucket, p95 the third.
    const histogram = [10, 0, 10, 0, 0, 0, 0, 0, 0, 0, 0];
    expect(percentile(histogram, 0.5)).toBe(25);
    expect(percentile(histogram, 0.95)).toBe(100);
    expect(percentile(new Array(11).fill(0), 0.5)).toBeNull();
  });

  it('keeps the counts of a flush the database refused and writes them with the next one', async () => {
    const written: OutcomeBatch[][] = [];
    const staleChecks: string[] = [];
    let refuse = true;
    const repo = {
      async addOutcomes(batch: OutcomeBatch[]) {
        if (refuse) throw Object.assign(new Error('connection lost'), { code: '57P01' });
        written.push(batch);
      },
      async openIncident() {
        return true;
      },
      async resolveIncident() {
        return true;
      },
      async resolveStaleIncident(component: string) {
        staleChecks.push(component);
        return false;
      },
      async prune() {},
    } as unknown as StatusRepository;
    const warnings: string[] = [];
    const recorder = createStatusRecorder({
      repo,
      flushMs: 60_000,
      staleIncidentMs: 20_000,
      log: {
        warn: (_o: unknown, m?: string) => warnings.push(String(m)),
        info: () => undefined,
      } as never,
    });
    recorder.record('object-detection', 200, 40);
    recorder.record('object-detection', 502, 10);
    recorder.record('object-detection', 404, 10);
    await recorder.flush();
    expect(written).toHaveLength(0);
    expect(warnings).toEqual(['status rollups not written; kept for the next flush']);
    refuse = false;
    recorder.record('object-detection', 200, 300);
    await recorder.flush();
    const [batch] = written;
    const hour = batch!.find((row) => row.width === 'hour')!;
    const day = batch!.find((row) => row.width === 'day')!;
    expect(hour).toMatchObject({ component: 'object-detection', calls: 3, failures: 1 });
    // 40 ms in the (25, 50] bucket, 300 ms in the (250, 500] bucket; failures have no latency.
    expect(hour.latency).toEqual([0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0]);
    expect(day).toMatchObject({ calls: 3, failures: 1, latency: hour.latency });
    expect(day.bucket.getUTCHours()).toBe(0);
    // Served again here: an old incident of the component may be resolved. Not while this
    // process's own circuit for it is open.
    expect(staleChecks).toEqual(['object-detection']);
    recorder.circuitOpened(['object-detection'], 'The deployment failed. Nothing was charged.');
    recorder.record('object-detection', 200, 40);
    await recorder.flush();
    expect(staleChecks).toEqual(['object-detection']);
  });
});
