export { closeStreamsOf, createLiveBus, type LiveBus } from './bus';
export { liveListener } from './change-listener';
export { liveRoutes } from './routes';
export { streamChanges } from './stream';
