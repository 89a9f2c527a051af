/**
 * The face of the branches module (docs/design.md §10 "Branches"): what other modules use. The ledger, stamps and
 * promotions resolve a write's branch with `resolveEntryBranch`; the wallets read the located branches.
 */
export { activeBranchOf, locatedBranches, ownBranchIds } from './repository';
export { type EntryRecorder, recorderBranchIds, recorderOf, resolveEntryBranch } from './resolve';
export { branchesRoutes } from './routes';
