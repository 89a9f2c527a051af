export { messageJobs } from './delivery';
export { EXPIRY_NOTICE_ORIGIN } from './fan-out-repository';
export { latestMessageFor } from './latest-for-member';
export { businessNameOf } from './repository';
export { messagesRoutes } from './routes';
export { reachable } from './segment-filter';
export { segmentsRoutes } from './segments-routes';
export { enqueueMessage, type SendJob } from './service';
