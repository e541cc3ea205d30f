import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import enAccountSetup from '../locales/en/accountSetup.json';
import enAccounts from '../locales/en/accounts.json';
import enActivity from '../locales/en/activity.json';
import enAuth from '../locales/en/auth.json';
import enCart from '../locales/en/cart.json';
import enCommon from '../locales/en/common.json';
import enDashboard from '../locales/en/dashboard.json';
import enDisputes from '../locales/en/disputes.json';
import enDocuments from '../locales/en/documents.json';
import enErrors from '../locales/en/errors.json';
import enGrid from '../locales/en/grid.json';
import enHelp from '../locales/en/help.json';
import enHome from '../locales/en/home.json';
import enInvoices from '../locales/en/invoices.json';
import enPayments from '../locales/en/payments.json';
import enPaymentLogs from '../locales/en/paymentLogs.json';
import enProfile from '../locales/en/profile.json';
import enSearch from '../locales/en/search.json';
import enSso from '../locales/en/sso.json';
import enUploads from '../locales/en/uploads.json';
import frAccountSetup from '../locales/fr/accountSetup.json';
import frAccounts from '../locales/fr/accounts.json';
import frActivity from '../locales/fr/activity.json';
import frAuth from '../locales/fr/auth.json';
import frCart from '../locales/fr/cart.json';
import frCommon from '../locales/fr/common.json';
import frDashboard from '../locales/fr/dashboard.json';
import frDisputes from '../locales/fr/disputes.json';
import frDocuments from '../locales/fr/documents.json';
import frErrors from '../locales/fr/errors.json';
import frGrid from '../locales/fr/grid.json';
import frHelp from '../locales/fr/help.json';
import frHome from '../locales/fr/home.json';
import frInvoices from '../locales/fr/invoices.json';
import frPayments from '../locales/fr/payments.json';
import frPaymentLogs from '../locales/fr/paymentLogs.json';
import frProfile from '../locales/fr/profile.json';
import frSearch from '../locales/fr/search.json';
import frSso from '../locales/fr/sso.json';
import frUploads from '../locales/fr/uploads.json';
import type { TLanguage } from './language';

export const resources = {
  en: {
    common: enCommon,
    auth: enAuth,
    accounts: enAccounts,
    home: enHome,
    errors: enErrors,
    documents: enDocuments,
    search: enSearch,
    invoices: enInvoices,
    grid: enGrid,
    cart: enCart,
    accountSetup: enAccountSetup,
    sso: enSso,
    help: enHelp,
    disputes: enDisputes,
    uploads: enUploads,
    activity: enActivity,
    payments: enPayments,
    paymentLogs: enPaymentLogs,
    dashboard: enDashboard,
    profile: enProfile,
  },
  fr: {
    common: frCommon,
    auth: frAuth,
    accounts: frAccounts,
    home: frHome,
    errors: frErrors,
    documents: frDocuments,
    search: frSearch,
    invoices: frInvoices,
    grid: frGrid,
    cart: frCart,
    accountSetup: frAccountSetup,
    sso: frSso,
    help: frHelp,
    disputes: frDisputes,
    uploads: frUploads,
    activity: frActivity,
    payments: frPayments,
    paymentLogs: frPaymentLogs,
    dashboard: frDashboard,
    profile: frProfile,
  },
} as const;

/**
 * A fresh instance per app (and per test) rather than the global one, so tests in one
 * file cannot leak a language into another. The resources are bundled: init is synchronous.
 */
export function createI18n(language: TLanguage): i18n {
  const instance = i18next.createInstance();
  instance.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: 'en',
    supportedLngs: ['en', 'fr'],
    ns: Object.keys(resources.en),
    defaultNS: 'common',
    initAsync: false,
    // React escapes what it renders.
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  const applyDocumentLanguage = (lng: string) => {
    document.documentElement.lang = lng;
  };
  applyDocumentLanguage(instance.language);
  instance.on('languageChanged', applyDocumentLanguage);
  return instance;
}
