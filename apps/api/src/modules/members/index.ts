export { enrolMember, phoneHolder } from './enrol';
export { eraseMemberAndAccount } from './erase';
export { memberExportRoutes } from './export-routes';
export { type ImportRow, importMemberBatch } from './import-writes';
export { findMemberRow, findMemberRowByPhone, spendableColumn } from './repository';
export { membersRoutes } from './routes';
export { addMember } from './service';
