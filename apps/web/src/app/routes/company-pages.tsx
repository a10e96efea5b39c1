/*
 * The company pages' and the invitation page's route components, one chunk for all of them (router.tsx: `companyPages`).
 * Each page stays in its own file.
 */
export { AdminCompanyRoute } from './admin-company';
export { CompanyRoute } from './company';
export { ApprovalsRoute, CompanyOrdersRoute } from './company-orders';
export { InvitationRoute } from './invitation';
export { ManageCompaniesRoute } from './manage-companies';
/** Paying on account's statement (issue 24), beside the company pages it is reached from. */
export { StatementRoute } from './statement';
