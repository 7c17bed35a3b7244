/**
 * npm run bench:billing: the time of the usage-by-day aggregate over 100,000 transactions (a
 * year of one busy organization) on PGlite and, with DATABASE_URL, on PostgreSQL; and the size
 * and time of an invoice PDF. Prints numbers; not a test.
 */
import { SYSTEM_ACTOR } from '../server/src/repositories/audit';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { DEFAULT_SELLER, renderInvoicePdf, type InvoiceRow } from '../server/src/billing/invoices';
import { LOCAL_SECRETS } from '../server/src/config';
import { openDatabase, type DatabaseHandle } from '../server/src/db/client';
import { createKeySecrets } from '../server/src/lib/keys';
import { createRepositories } from '../server/src/repositories';
import { ORGANIZATION } from '../tests/server/helpers';

const TRANSACTIONS = Number(process.env.BENCH_TRANSACTIONS ?? 100_000);
const RUNS = 5;

const secrets = createKeySecrets({
  hmacSecret: LOCAL_SECRETS.apiKeyHmacSecret,
  encryptionKey: Buffer.from(LOCAL_SECRETS.uiKeyEncryptionKey, 'base64'),
});

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function aggregate(label: string, handle: DatabaseHandle) {
  const repos = createRepositories(handle.db, secrets);
  const org = await repos.organizations.create(
    { uid: `bench-${Date.now()}`, email: null, emailVerified: true },
    ORGANIZATION,
    SYSTEM_ACTOR,
  );
  await handle.db.execute(sql`
    insert into ledger_entries (organization_id, kind, deployment, units, amount_micros, balance_after_micros, created_at)
    select ${org!.id}, 'usage',
      (array['object-detection','depth-estimation','image-classification','image-segmentation/semantic'])[1 + (i % 4)],
      1, -4000, 0, now() - make_interval(secs => (i * 31536000.0 / ${TRANSACTIONS}))
    from generate_series(0, ${TRANSACTIONS - 1}) as i`);
  await handle.db.execute(sql`analyze ledger_entries`);
  const end = new Date();
  const start = new Date(end.getTime() - 366 * 86_400_000);
  const times: number[] = [];
  let days = 0;
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const result = await repos.usage.daily(org!.id, start, end, 330);
    times.push(performance.now() - started);
    days = new Set(result.rows.map((r) => r.day)).size;
  }
  console.log(
    `${label}: usage by day over ${TRANSACTIONS.toLocaleString('en-US')} transactions (${days} days × 4 deployments): median ${median(times).toFixed(1)} ms, best ${Math.min(...times).toFixed(1)} ms (${RUNS} runs)`,
  );
}

async function main() {
  const pglite = await openDatabase({ migrationHooks: { keySecrets: secrets } });
  await aggregate('PGlite', pglite);
  await pglite.close();

  if (process.env.DATABASE_URL) {
    const name = `vapi_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    const postgres = await openDatabase({
      url: url.toString(),
      migrationHooks: { keySecrets: secrets },
    });
    try {
      await aggregate('PostgreSQL', postgres);
    } finally {
      await postgres.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  } else {
    console.log('PostgreSQL: skipped (set DATABASE_URL)');
  }

  const invoice: InvoiceRow = {
    id: 'bench',
    sequence: 1234,
    number: 'VA-001234',
    paymentId: 'bench',
    organizationId: 'bench',
    issuedAt: new Date(),
    seller: { ...DEFAULT_SELLER, taxId: '29AAAAA0000A1Z5' },
    buyer: {
      name: 'Acme Vision Labs Private Limited',
      address: '12 Residency Road, Bengaluru 560025',
      state: 'Karnataka',
      country: 'India',
      gstin: '29ABCDE1234F1Z5',
      website: 'https://acme.example.com',
      email: 'billing@acme.example.com',
    },
    amountMicros: 2_500_000_000,
    currency: 'USD',
    description: 'Prepaid API credits',
    paymentReference: 'ch_3QabcdEFGHijklMN0123',
  };
  await renderInvoicePdf(invoice); // warm-up
  const times: number[] = [];
  let size = 0;
  for (let i = 0; i < 20; i++) {
    const started = performance.now();
    size = (await renderInvoicePdf(invoice)).length;
    times.push(performance.now() - started);
  }
  console.log(
    `invoice PDF: ${(size / 1024).toFixed(1)} KB, median ${median(times).toFixed(1)} ms to render (20 runs)`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
