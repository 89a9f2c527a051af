export { webhookJobs } from './delivery-job';
export { webhooksRoutes } from './routes';
