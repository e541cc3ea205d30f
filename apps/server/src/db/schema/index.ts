// The one list drizzle-kit and the client need; the app imports the domain files directly.

export * from './access';
export * from './activity';
export * from './announcements';
export * from './autopay';
export * from './carts';
export * from './contacts';
export * from './customers';
export * from './dashboards';
export * from './disputes';
export * from './integration';
export * from './invoices';
export * from './jobs';
export * from './nacha';
export * from './notices';
export * from './payment-approvals';
export * from './payment-profiles';
export * from './payments';
export * from './preferences';
export * from './second-factors';
export * from './sessions';
export * from './tenants';
export * from './uploads';
export * from './users';
