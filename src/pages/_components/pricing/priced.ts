/** The catalogue's public deployments (contract/catalogue.ts) with their price, in the API's order. */
import type { DeploymentPrice } from '@contract';
import { API_ORDER, type PublicCatalogueEntry } from '@contract/catalogue';

export interface PricedDeployment {
  entry: PublicCatalogueEntry;
  price: DeploymentPrice;
}

/** Each public deployment whose price key the pricing answer lists. */
export function pricedDeployments(prices: DeploymentPrice[]): PricedDeployment[] {
  return API_ORDER.flatMap((entry) => {
    const price = prices.find((p) => p.path === entry.priceKey);
    return price ? [{ entry, price }] : [];
  });
}
