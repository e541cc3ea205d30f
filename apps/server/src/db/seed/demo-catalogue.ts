/** Realistic names for the demo: customers, products and people. */
export const DEMO_TENANT = {
  guid: 'settle-demo',
  name: 'Northwind Receivables',
  appHeaderName: 'Settle',
};

export const DEMO_CURRENCIES = [
  { code: 'USD', symbol: '$', name: 'US Dollar' },
  { code: 'EUR', symbol: '€', name: 'Euro' },
  { code: 'CAD', symbol: 'CA$', name: 'Canadian Dollar' },
  { code: 'GBP', symbol: '£', name: 'Pound Sterling' },
];

export const DEMO_CUSTOMERS = [
  {
    custNo: 'C10001',
    company: 'Acme Industrial Supply',
    currencies: ['USD', 'CAD'],
    city: 'Cleveland',
    country: 'US',
  },
  {
    custNo: 'C10002',
    company: 'Bluewater Logistics Ltd',
    currencies: ['GBP', 'EUR'],
    city: 'Southampton',
    country: 'GB',
  },
  { custNo: 'C10003', company: 'Château Verde SARL', currencies: ['EUR'], city: 'Bordeaux', country: 'FR' },
  {
    custNo: 'C10004',
    company: 'Maple Ridge Foods Inc.',
    currencies: ['CAD', 'USD'],
    city: 'Winnipeg',
    country: 'CA',
  },
  {
    custNo: 'C10005',
    company: 'Pioneer Medical Devices',
    currencies: ['USD'],
    city: 'Minneapolis',
    country: 'US',
  },
  { custNo: 'C10006', company: 'Harbour & Finch Ltd', currencies: ['GBP'], city: 'Bristol', country: 'GB' },
  {
    custNo: 'C10007',
    company: 'Nordlicht Maschinenbau GmbH',
    currencies: ['EUR', 'USD'],
    city: 'Stuttgart',
    country: 'DE',
  },
  { custNo: 'C10008', company: 'Summit Outdoor Co.', currencies: ['USD'], city: 'Denver', country: 'US' },
];

export const COLLECTORS = [
  { name: 'Dana Whitfield', email: 'dana.whitfield@northwind-ar.example', phone: '+1 216 555 0142' },
  { name: 'Léa Moreau', email: 'lea.moreau@northwind-ar.example', phone: '+33 5 56 00 12 34' },
  { name: 'Oliver Grant', email: 'oliver.grant@northwind-ar.example', phone: '+44 23 8055 0199' },
];

export const PRODUCTS = [
  { item: 'HX-2040', description: 'Hydraulic hose assembly, 2 m', price: 48.5 },
  { item: 'BR-1180', description: 'Sealed ball bearing 6204-2RS', price: 6.25 },
  { item: 'PLT-EUR', description: 'Euro pallet, heat treated', price: 14.9 },
  { item: 'SV-ONS', description: 'On-site service, per hour', price: 95 },
  { item: 'FRT-STD', description: 'Standard freight', price: 120 },
  { item: 'GL-NIT-M', description: 'Nitrile gloves, box of 100, size M', price: 11.4 },
  { item: 'VLV-316', description: 'Stainless ball valve 316, 1 inch', price: 64.75 },
  { item: 'LBL-4X6', description: 'Thermal shipping labels 4x6, roll of 500', price: 18.2 },
  { item: 'MOT-075', description: 'Electric motor 0.75 kW, IE3', price: 289 },
  { item: 'CAL-SVC', description: 'Annual calibration service', price: 450 },
  { item: 'FLT-HEPA', description: 'HEPA filter cartridge', price: 72.3 },
  { item: 'SW-LIC', description: 'Fleet tracking licence, monthly', price: 39 },
];

export const TERMS = [
  { label: 'Net 30', days: 30 },
  { label: 'Net 45', days: 45 },
  { label: 'Net 60', days: 60 },
  { label: '2/10 Net 30', days: 30 },
];

export const SALES_REPS = ['J. Alvarez', 'M. Chen', 'S. Okafor', 'P. Lindqvist', 'R. Dubois'];
export const SHIP_VIA = ['UPS Ground', 'DHL Freight', 'FedEx Express', 'Customer pickup', 'DB Schenker'];

export const DEMO_PASSWORD = 'Settle-demo-2026';

/** HTML, as administrators write it; the login page sanitizes it before showing it. */
export const PRIVACY_POLICY = {
  en: [
    '<h2>How we use your data</h2>',
    '<p>Northwind Receivables processes <strong>your name, your e-mail address and the invoices of the accounts linked to you</strong> only to let you review and settle them.</p>',
    '<ul><li>Sign-in records are kept for 12 months, for security.</li><li>Your data is never sold or shared for marketing.</li></ul>',
    '<p>To see or correct your data, write to <a href="mailto:privacy@northwind-ar.example">privacy@northwind-ar.example</a>.</p>',
  ].join(''),
  fr: [
    '<h2>Utilisation de vos données</h2>',
    '<p>Northwind Receivables traite <strong>votre nom, votre adresse e-mail et les factures des comptes qui vous sont liés</strong> uniquement pour vous permettre de les consulter et de les régler.</p>',
    '<ul><li>Les traces de connexion sont conservées 12 mois, pour la sécurité.</li><li>Vos données ne sont jamais vendues ni partagées à des fins commerciales.</li></ul>',
    '<p>Pour consulter ou corriger vos données, écrivez à <a href="mailto:privacy@northwind-ar.example">privacy@northwind-ar.example</a>.</p>',
  ].join(''),
};
