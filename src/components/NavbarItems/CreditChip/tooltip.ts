/** Spec §8: the success tooltip, a template literal with the amount as returned (no formatting). */
export function balanceTooltip(amount: number): string {
  return `Balance: ${amount} - Click to buy more credits`;
}
