/**
 * Credit purchases, by resource: orders.ts (credit orders) and settlement.ts (payments: the one
 * place a purchase reaches a wallet, refunds, disputes, the payment log), shared.ts between them.
 */
import type { Database } from '../../db/client';
import type { Seller } from '../../billing/invoices';
import { ordersRepository } from './orders';
import { settlementRepository } from './settlement';

export * from './shared';

export function createPaymentsRepository(db: Database, options: { seller: Seller }) {
  const settlement = settlementRepository(db, options);
  return { ...settlement, ...ordersRepository(db, settlement) };
}
export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
