/**
 * The promotions module's face (docs/design.md §10 "Promotions"): its routes, and what the ledger's purchase needs
 * to earn by the promotions in force and record what each gave, and what a message needs to name the one it
 * announces.
 */
export { promotionsForPurchase } from './earning';
export {
  insertAwards as recordPromotionAwards,
  isOwnPromotion,
  type LivePromotion,
  livePromotions,
} from './repository';
export { promotionsRoutes } from './routes';
