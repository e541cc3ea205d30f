import frAccountSetup from './accountSetup.json';
import frAccounts from './accounts.json';
import frActivity from './activity.json';
import frApprovals from './approvals.json';
import frAuth from './auth.json';
import frAutopay from './autopay.json';
import frCart from './cart.json';
import frCommon from './common.json';
import frDashboard from './dashboard.json';
import frDisputes from './disputes.json';
import frDocuments from './documents.json';
import frErrors from './errors.json';
import frGrid from './grid.json';
import frHelp from './help.json';
import frHome from './home.json';
import frInvoices from './invoices.json';
import frPaymentLogs from './paymentLogs.json';
import frPaymentProfiles from './paymentProfiles.json';
import frPayments from './payments.json';
import frProfile from './profile.json';
import frReminders from './reminders.json';
import frSearch from './search.json';
import frSecurity from './security.json';
import frSso from './sso.json';
import frStatements from './statements.json';
import frUploads from './uploads.json';

/**
 * Every text of the portal in French, by namespace, at once: what tests bundle (lib/i18n-resources.ts).
 * The app fetches each namespace on its own instead (lib/locale-files.ts).
 */
export default {
  accountSetup: frAccountSetup,
  accounts: frAccounts,
  activity: frActivity,
  approvals: frApprovals,
  auth: frAuth,
  autopay: frAutopay,
  cart: frCart,
  common: frCommon,
  disputes: frDisputes,
  documents: frDocuments,
  errors: frErrors,
  grid: frGrid,
  help: frHelp,
  home: frHome,
  invoices: frInvoices,
  dashboard: frDashboard,
  payments: frPayments,
  paymentProfiles: frPaymentProfiles,
  paymentLogs: frPaymentLogs,
  profile: frProfile,
  reminders: frReminders,
  search: frSearch,
  security: frSecurity,
  sso: frSso,
  statements: frStatements,
  uploads: frUploads,
};
