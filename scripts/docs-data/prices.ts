/** Launch prices of the public deployments, in USD per call (the server seeds its pricing with them). */
import type { DeploymentPath } from '../../contract/catalogue';
import { LAUNCH_PRICES_MICROS } from '../../server/src/repositories/pricing';

export function launchPriceUsd(path: DeploymentPath): number {
  return LAUNCH_PRICES_MICROS[path] / 1_000_000;
}
