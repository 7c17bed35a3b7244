/**
 * Invoices: issued in the payment's own transaction (lib: the counter row, so numbers are
 * gap-free), with the seller and the buyer copied at that moment, and rendered as a PDF with
 * pdfkit from that copy, so a later change of the organization never alters an issued invoice.
 */
import { asc, eq, sql } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import type { Executor } from '../db/client';
import { invoiceCounters, invoices, organizations, payments } from '../db/schema';

export type InvoiceRow = typeof invoices.$inferSelect;

export interface Seller {
  name: string;
  address: string;
  taxId: string | null;
  email: string;
}

export interface Buyer {
  name: string;
  address: string | null;
  state: string;
  country: string;
  gstin: string | null;
  website: string;
  email: string | null;
}

/** The seller printed on invoices when the caller does not say (tests, tools). */
export const DEFAULT_SELLER: Seller = {
  name: 'VisionAPI',
  address: '1 Sandbox Street, Bengaluru 560001, Karnataka, India',
  taxId: null,
  email: 'billing@visionapi.local',
};

export const INVOICE_DESCRIPTION = 'Prepaid API credits';

export function invoiceNumber(sequence: number): string {
  return `VA-${String(sequence).padStart(6, '0')}`;
}

/** Issues the invoice of a fulfilled payment inside its transaction; returns it. */
export async function issueInvoice(
  tx: Executor,
  payment: {
    id: string;
    organizationId: string;
    amountMicros: number;
    receiptReference: string | null;
  },
  seller: Seller,
): Promise<InvoiceRow> {
  const [org] = await tx
    .select()
    .from(organizations)
    .where(eq(organizations.id, payment.organizationId));
  const [counter] = await tx
    .insert(invoiceCounters)
    .values({ scope: 'site', last: 1 })
    .onConflictDoUpdate({
      target: invoiceCounters.scope,
      set: { last: sql`${invoiceCounters.last} + 1` },
    })
    .returning({ last: invoiceCounters.last });
  const buyer: Buyer = {
    name: org!.name,
    address: org!.address,
    state: org!.state,
    country: org!.country,
    gstin: org!.gstin,
    website: org!.website,
    email: org!.ownerEmail,
  };
  const [row] = await tx
    .insert(invoices)
    .values({
      sequence: counter!.last,
      number: invoiceNumber(counter!.last),
      paymentId: payment.id,
      organizationId: payment.organizationId,
      seller,
      buyer,
      amountMicros: payment.amountMicros,
      currency: 'USD',
      description: INVOICE_DESCRIPTION,
      paymentReference: payment.receiptReference,
    })
    .returning();
  return row!;
}

/** Invoices for fulfilled payments made before invoices existed, oldest first. */
export async function backfillInvoices(tx: Executor, seller: Seller): Promise<number> {
  const missing = await tx
    .select({
      id: payments.id,
      organizationId: payments.organizationId,
      amountMicros: payments.amountMicros,
      receiptReference: payments.receiptReference,
    })
    .from(payments)
    .leftJoin(invoices, eq(invoices.paymentId, payments.id))
    .where(sql`${payments.status} <> 'failed' and ${invoices.id} is null`)
    .orderBy(asc(payments.createdAt), asc(payments.id));
  for (const payment of missing) await issueInvoice(tx, payment, seller);
  return missing.length;
}

const money = (micros: number) =>
  `$${(micros / 1_000_000).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The invoice as a PDF (A4, standard fonts, text only). */
export function renderInvoicePdf(invoice: InvoiceRow): Promise<Buffer> {
  const seller = invoice.seller as Seller;
  const buyer = invoice.buyer as Buyer;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: {
      Title: `Invoice ${invoice.number}`,
      Author: seller.name,
      Subject: `${INVOICE_DESCRIPTION} for ${buyer.name}`,
      CreationDate: invoice.issuedAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const isTaxInvoice = Boolean(seller.taxId);
  doc
    .font('Helvetica-Bold')
    .fontSize(20)
    .text(isTaxInvoice ? 'Tax invoice' : 'Invoice');
  doc.moveDown(0.5).font('Helvetica').fontSize(10);
  doc.text(`Invoice number: ${invoice.number}`);
  doc.text(`Date of issue: ${invoice.issuedAt.toISOString().slice(0, 10)}`);
  if (invoice.paymentReference) doc.text(`Payment reference: ${invoice.paymentReference}`);
  doc.text(`Currency: ${invoice.currency}`);

  const top = doc.y + 18;
  doc.font('Helvetica-Bold').text('From', 56, top);
  doc.font('Helvetica').text(seller.name);
  if (seller.address) doc.text(seller.address, { width: 220 });
  if (seller.taxId) doc.text(`GSTIN / tax id: ${seller.taxId}`);
  doc.text(seller.email);
  const leftBottom = doc.y;

  doc.font('Helvetica-Bold').text('Billed to', 320, top);
  doc.font('Helvetica').text(buyer.name, 320);
  if (buyer.address) doc.text(buyer.address, 320, undefined, { width: 220 });
  doc.text(`${buyer.state}, ${buyer.country}`, 320);
  if (buyer.gstin) doc.text(`GSTIN: ${buyer.gstin}`, 320);
  if (buyer.email) doc.text(buyer.email, 320);
  doc.text(`Place of supply: ${buyer.state}, ${buyer.country}`, 320);

  let y = Math.max(leftBottom, doc.y) + 28;
  doc
    .font('Helvetica-Bold')
    .text('Description', 56, y)
    .text('Amount', 440, y, { width: 100, align: 'right' });
  y += 16;
  doc.moveTo(56, y).lineTo(540, y).strokeColor('#999999').stroke();
  y += 8;
  doc
    .font('Helvetica')
    .text(`${invoice.description} (${money(invoice.amountMicros)} of credits)`, 56, y, {
      width: 360,
    });
  doc.text(money(invoice.amountMicros), 440, y, { width: 100, align: 'right' });
  y = doc.y + 10;
  doc.moveTo(56, y).lineTo(540, y).stroke();
  y += 8;
  doc
    .font('Helvetica-Bold')
    .text('Total paid', 56, y)
    .text(`${money(invoice.amountMicros)} ${invoice.currency}`, 380, y, {
      width: 160,
      align: 'right',
    });

  doc.moveDown(3).font('Helvetica').fontSize(9).fillColor('#444444');
  doc.text(
    'Credits are prepaid and spent per API call at the prices listed on the pricing page. This invoice was issued when the payment was received and is not changed afterwards.',
    56,
    undefined,
    { width: 484 },
  );
  doc.end();
  return done;
}
