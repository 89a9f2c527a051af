/**
 * Stamp cards (docs/design.md §10), as the rest of the API uses them: the routes, the purchase's stamps (the
 * ledger's purchase, reversal and refund call these in their transaction), the lapse sweep, and the reward check.
 */

export { memberStampCard } from './member-card';
export { stampCardRoutes } from './routes';
export { type StripColours, stampStrip } from './strip';
export { stampStripRoutes, stripPath } from './strip-route';
export { sweepLapsedStamps } from './sweep';
export { lapseStamps, refundStampsOfPurchase, reverseStampsOfPurchase, stampsOnPurchase } from './writer';
