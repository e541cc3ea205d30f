import { FULL_ACCESS_PRIVILEGES, Privilege } from '@settle/shared/privileges';

export type DemoUser = {
  loginName: string;
  firstName: string;
  lastName: string;
  email: string;
  language: string;
  locale: string;
  localeForFormatting: string;
  timezone: string;
  roles: readonly string[];
  customers: Array<{ custNo: string; defAccount?: boolean }>;
  /** 'SMS': a code sent to smsAreaCode + smsPhone is asked after the password. */
  pinPolicy?: 'NONE' | 'SMS';
  smsAreaCode?: string;
  smsPhone?: string;
};

/** The demo sign-ins of the README; all share the password DEMO_PASSWORD. */
export const DEMO_USERS: DemoUser[] = [
  {
    loginName: 'demo.full',
    firstName: 'Alex',
    lastName: 'Morgan',
    email: 'alex.morgan@acme-industrial.example',
    language: 'en',
    locale: 'en_US',
    localeForFormatting: 'en-US',
    timezone: 'America/New_York',
    roles: FULL_ACCESS_PRIVILEGES,
    customers: [
      { custNo: 'C10001', defAccount: true },
      { custNo: 'C10002' },
      { custNo: 'C10003' },
      { custNo: 'C10004' },
    ],
  },
  {
    loginName: 'demo.limited',
    firstName: 'Priya',
    lastName: 'Shah',
    email: 'priya.shah@pioneer-medical.example',
    language: 'en',
    locale: 'en_GB',
    localeForFormatting: 'en-GB',
    timezone: 'Europe/London',
    // Sees invoices and disputed amounts, but may not pay, dispute or promise.
    roles: [Privilege.ALLOW_PROB_VIEW],
    customers: [{ custNo: 'C10005' }, { custNo: 'C10008' }, { custNo: 'C10006' }],
  },
  {
    loginName: 'demo.single',
    firstName: 'Camille',
    lastName: 'Dubois',
    email: 'camille.dubois@chateau-verde.example',
    language: 'fr',
    locale: 'fr_FR',
    localeForFormatting: 'fr-FR',
    timezone: 'Europe/Paris',
    roles: [
      Privilege.ALLOW_PAY,
      Privilege.ALLOW_PROB,
      Privilege.ALLOW_PROB_VIEW,
      Privilege.ALLOW_PROMISE_TO_PAY,
    ],
    customers: [{ custNo: 'C10003' }],
  },
  {
    // The PIN step: the code goes to the development outbox (GET {api}/dev/outbox?recipient=5550100042).
    loginName: 'demo.pin',
    firstName: 'Jordan',
    lastName: 'Lee',
    email: 'jordan.lee@acme-industrial.example',
    language: 'en',
    locale: 'en_US',
    localeForFormatting: 'en-US',
    timezone: 'America/Chicago',
    roles: FULL_ACCESS_PRIVILEGES,
    customers: [{ custNo: 'C10001', defAccount: true }, { custNo: 'C10002' }],
    pinPolicy: 'SMS',
    smsAreaCode: '+1',
    smsPhone: '555 010 0042',
  },
  {
    // The PIN step without a mobile on file: sign-in leads to the update-mobile page first.
    loginName: 'demo.nomobile',
    firstName: 'Sam',
    lastName: 'Rivera',
    email: 'sam.rivera@pioneer-medical.example',
    language: 'en',
    locale: 'en_US',
    localeForFormatting: 'en-US',
    timezone: 'America/Denver',
    roles: FULL_ACCESS_PRIVILEGES,
    customers: [{ custNo: 'C10005' }],
    pinPolicy: 'SMS',
  },
  {
    // Sets up an authenticator app and passkeys from the profile (the second-factor browser flow's user).
    loginName: 'demo.factors',
    firstName: 'Taylor',
    lastName: 'Kim',
    email: 'taylor.kim@acme-industrial.example',
    language: 'en',
    locale: 'en_US',
    localeForFormatting: 'en-US',
    timezone: 'America/New_York',
    roles: FULL_ACCESS_PRIVILEGES,
    customers: [{ custNo: 'C10004' }],
  },
  {
    // The same in French.
    loginName: 'demo.facteurs',
    firstName: 'Claude',
    lastName: 'Martin',
    email: 'claude.martin@chateau-verde.example',
    language: 'fr',
    locale: 'fr_FR',
    localeForFormatting: 'fr-FR',
    timezone: 'Europe/Paris',
    roles: FULL_ACCESS_PRIVILEGES,
    customers: [{ custNo: 'C10003' }],
  },
];
