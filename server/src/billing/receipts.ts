/**
 * The receipt e-mail: after every credited purchase (a card payment, the sandbox, an automatic
 * recharge), its invoice as a PDF goes to the organization's billing contacts: the owner and the
 * members with the billing role. Sent after the purchase's transaction commits; a mail server
 * that is down never undoes a purchase (the invoice stays on the buy-credits page).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { invoices, memberships, organizations } from '../db/schema';
import type { PaymentRow } from '../repositories/payments';
import { renderInvoicePdf } from './invoices';
import { mailSafeName, usd, type Mailer } from './mailer';

/** Who receives receipts: those who answer for the organization's money. */
export const BILLING_CONTACT_ROLES = ['owner', 'billing'] as const;

export const RECEIPT_MESSAGE = (options: {
  organization: string;
  amountMicros: number;
  invoiceNumber: string;
  paidAt: Date;
  balanceMicros: number;
  site: string;
}) => ({
  subject: `Your VisionAPI receipt ${options.invoiceNumber}: ${usd(options.amountMicros)} of credits`,
  text: [
    `Thank you. The organization ${mailSafeName(options.organization)} bought ${usd(options.amountMicros)} of VisionAPI credits on ${options.paidAt.toUTCString()}.`,
    '',
    `Invoice: ${options.invoiceNumber} (attached as a PDF)`,
    `Balance now: ${usd(options.balanceMicros)}`,
    '',
    `Payments and invoices: ${options.site}/settings/buy-credits/`,
    `Usage: ${options.site}/settings/usage/`,
    '',
    "You get this e-mail as the organization's owner or billing member.",
  ].join('\n'),
});

export function createReceiptSender(deps: { db: Database; mailer: Mailer; siteUrl: string }) {
  return async function sendReceipt(payment: PaymentRow): Promise<void> {
    const [invoice] = await deps.db
      .select()
      .from(invoices)
      .where(eq(invoices.paymentId, payment.id));
    const [org] = await deps.db
      .select({ name: organizations.name, balanceMicros: organizations.balanceMicros })
      .from(organizations)
      .where(eq(organizations.id, payment.organizationId));
    if (!invoice || !org) return;
    const contacts = await deps.db
      .select({ email: memberships.email })
      .from(memberships)
      .where(
        and(
          eq(memberships.organizationId, payment.organizationId),
          inArray(memberships.role, [...BILLING_CONTACT_ROLES]),
        ),
      );
    const to = [...new Set(contacts.map((c) => c.email).filter((e): e is string => Boolean(e)))];
    if (to.length === 0) return;
    const pdf = await renderInvoicePdf(invoice);
    await deps.mailer.send({
      to: to.join(', '),
      ...RECEIPT_MESSAGE({
        organization: org.name,
        amountMicros: payment.amountMicros,
        invoiceNumber: invoice.number,
        paidAt: payment.createdAt,
        balanceMicros: org.balanceMicros,
        site: deps.siteUrl,
      }),
      attachments: [
        { filename: `${invoice.number}.pdf`, content: pdf, contentType: 'application/pdf' },
      ],
    });
  };
}
