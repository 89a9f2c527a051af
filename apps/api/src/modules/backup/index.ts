export { backupRoutes } from './routes';
export { announceServer, newBackupToken } from './running-server';
