export { expiryNoticeListener } from './expiry-notice';
export { tierReplaceJobs } from './replace-job';
export { tierPolicyRoutes } from './routes';
export { scheduledJobs } from './scheduled';
