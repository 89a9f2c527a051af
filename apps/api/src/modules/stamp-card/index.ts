/**
 * Stamp cards (docs/design.md §10), as the rest of the API uses them: the routes, the purchase's stamps (the
 * ledger's purchase, reversal and refund call these in their transaction), the lapse sweep, the reward check, and a
 * member's entries for the customer's data export.
 */

export { importStamps, type StampImportRow } from './import-stamps';
export { memberStampCard } from './member-card';
export { listEntries as listStampEntries } from './repository';
export { stampCardRoutes } from './routes';
export { type StripColours, stampStrip } from './strip';
export { stampStripRoutes, stripPath } from './strip-route';
export { sweepLapsedStamps } from './sweep';
export { lapseStamps, refundStampsOfPurchase, reverseStampsOfPurchase, stampsOnPurchase } from './writer';
