export { claimReward } from './claims';
export { claimsForMember, rewardsForMember } from './panel';
export { redemptionsPerReward } from './repository';
export { rewardsRoutes } from './routes';
export { saveReward } from './service';
