/**
 * The points core (docs/design.md §10): the rules that turn money into points and spend into tiers, the rates and
 * tiers they read, and the tier policy's window. Beneath the ledger, members and tier review; it imports none of
 * them, so every rule has one home that stamp cards, promotions and insights read too.
 */
export {
  centsToDecimal,
  centsToNumber,
  checkRedemption,
  effectiveTierId,
  expireLots,
  expiryFor,
  type Lot,
  NO_LIMITS,
  nextTier,
  pointsEarned,
  type Rates,
  redeemValueCents,
  refundPoints,
  spendableBalance,
  type TierRange,
  takeFromLots,
  tierForSpend,
  toCents,
} from './engine';
export { tierAfterWrite } from './policy-tier';
export { earnTerms, loadRates, redeemTerms } from './rates';
export { type Candidate, candidates, getPolicy, reviewClock, windowAt } from './tier-policy';
export { memberTierReview } from './tier-standing';
export { loadTiers, type TierRow } from './tiers';
export { lastVisits, visitedSince } from './visits';
