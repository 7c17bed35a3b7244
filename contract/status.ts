/**
 * Status from real traffic (issue 34): the public `GET /v1/status.json` and its Atom feed
 * `GET /v1/status.atom`. Availability and latency are the gateway's and the account API's own
 * outcomes, rolled up per hour and per UTC day (server/src/services/status/); incidents are opened
 * and closed by the metering gateway's circuits.
 */
import { Type, type Static } from 'typebox';
import { IsoDateTime, Nullable } from './common';
import { STATUS_DEGRADED_BELOW_PERCENT, STATUS_WINDOW_DAYS } from './status-data';

export * from './status-data';

export const StatusState = Type.Union(
  [Type.Literal('operational'), Type.Literal('degraded'), Type.Literal('outage')],
  {
    description:
      '`outage`: an incident is open (its circuit opened after repeated upstream failures). ' +
      `\`degraded\`: under ${STATUS_DEGRADED_BELOW_PERCENT} % of the last hour's calls succeeded. ` +
      '`operational` otherwise.',
  },
);
export type StatusState = Static<typeof StatusState>;

const Percent = Nullable(
  Type.Number({
    minimum: 0,
    maximum: 100,
    description: 'Share of calls that did not fail on our side, in percent; null with no calls.',
  }),
);
const Millis = Nullable(
  Type.Integer({
    minimum: 0,
    description: 'Milliseconds (the upper bound of its histogram bucket); null with no calls.',
  }),
);

export const StatusDay = Type.Object(
  {
    date: Type.String({ format: 'date', description: 'A UTC day.' }),
    calls: Type.Integer({ minimum: 0 }),
    failures: Type.Integer({ minimum: 0 }),
    availability_percent: Percent,
    latency_p50_ms: Millis,
    latency_p95_ms: Millis,
  },
  { title: 'StatusDay' },
);
export type StatusDay = Static<typeof StatusDay>;

export const StatusComponent = Type.Object(
  {
    id: Type.String({ description: '`account-api` or a deployment path.' }),
    name: Type.String(),
    state: StatusState,
    calls: Type.Integer({ minimum: 0, description: `Calls over ${STATUS_WINDOW_DAYS} days.` }),
    failures: Type.Integer({ minimum: 0 }),
    availability_percent: Percent,
    latency_p50_ms: Millis,
    latency_p95_ms: Millis,
    days: Type.Array(StatusDay, {
      maxItems: STATUS_WINDOW_DAYS + 1,
      description: 'Oldest first; a day without calls is left out.',
    }),
  },
  { title: 'StatusComponent' },
);
export type StatusComponent = Static<typeof StatusComponent>;

export const StatusIncident = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    component: Type.String(),
    title: Type.String(),
    message: Type.String({ description: 'What happened, and that failed calls were not charged.' }),
    started_at: IsoDateTime,
    resolved_at: Nullable(IsoDateTime),
  },
  { title: 'StatusIncident' },
);
export type StatusIncident = Static<typeof StatusIncident>;

export const StatusReport = Type.Object(
  {
    generated_at: IsoDateTime,
    window_days: Type.Integer({ minimum: 1 }),
    state: StatusState,
    components: Type.Array(StatusComponent),
    incidents: Type.Array(StatusIncident, {
      maxItems: 100,
      description: `Open ones and those of the last ${STATUS_WINDOW_DAYS} days, newest first.`,
    }),
  },
  { title: 'StatusReport' },
);
export type StatusReport = Static<typeof StatusReport>;
