/** Insights (docs/design.md §10): the face other modules and app.ts use. */
export { insightsJobs } from './rebuild-job';
export { rebuildRollup, recordRollup } from './rollup';
export { insightsRoutes } from './routes';
