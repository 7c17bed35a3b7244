/**
 * Loads the public pricing once when the app starts, for every visitor
 * (spec §7). Only the small store runs here; the pricing page renders it.
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import { startPricing } from '@site/src/pricing/store';

if (ExecutionEnvironment.canUseDOM) void startPricing();
