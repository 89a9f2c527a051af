/** Insights (docs/design.md §10): the face other modules and app.ts use. */
export { insightsJobs } from './rebuild-job';
export { rebuildRollup } from './rollup';
export { insightsRoutes } from './routes';
