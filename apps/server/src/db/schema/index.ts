// The one list drizzle-kit and the client need; the app imports the domain files directly.
export * from './customers';
export * from './invoices';
export * from './sessions';
export * from './tenants';
export * from './users';
