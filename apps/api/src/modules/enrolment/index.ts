export { customerGuards } from './customer-guards';
export { joinPageRoutes } from './join-page-route';
export { enrolmentRoutes } from './routes';
