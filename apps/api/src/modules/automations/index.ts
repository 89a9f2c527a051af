/** Automations (docs/design.md §10): the module's face. */
export { automationJobs } from './jobs';
export { automationsRoutes } from './routes';
