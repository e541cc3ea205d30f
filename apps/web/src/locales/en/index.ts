import enAccountSetup from './accountSetup.json';
import enAccounts from './accounts.json';
import enActivity from './activity.json';
import enApprovals from './approvals.json';
import enAuth from './auth.json';
import enAutopay from './autopay.json';
import enCart from './cart.json';
import enCommon from './common.json';
import enDashboard from './dashboard.json';
import enDisputes from './disputes.json';
import enDocuments from './documents.json';
import enErrors from './errors.json';
import enGrid from './grid.json';
import enHelp from './help.json';
import enHome from './home.json';
import enInvoices from './invoices.json';
import enPaymentLogs from './paymentLogs.json';
import enPaymentProfiles from './paymentProfiles.json';
import enPayments from './payments.json';
import enProfile from './profile.json';
import enReminders from './reminders.json';
import enSearch from './search.json';
import enSecurity from './security.json';
import enSso from './sso.json';
import enStatements from './statements.json';
import enUploads from './uploads.json';

/**
 * Every text of the portal in English, by namespace, at once: what tests bundle (lib/i18n-resources.ts).
 * The app fetches each namespace on its own instead (lib/locale-files.ts).
 */
export default {
  accountSetup: enAccountSetup,
  accounts: enAccounts,
  activity: enActivity,
  approvals: enApprovals,
  auth: enAuth,
  autopay: enAutopay,
  cart: enCart,
  common: enCommon,
  disputes: enDisputes,
  documents: enDocuments,
  errors: enErrors,
  grid: enGrid,
  help: enHelp,
  home: enHome,
  invoices: enInvoices,
  dashboard: enDashboard,
  payments: enPayments,
  paymentProfiles: enPaymentProfiles,
  paymentLogs: enPaymentLogs,
  profile: enProfile,
  reminders: enReminders,
  search: enSearch,
  security: enSecurity,
  sso: enSso,
  statements: enStatements,
  uploads: enUploads,
};
