export * from './accounts.ts';
export * from './catalogue.ts';
export * from './merchants.ts';
export * from './ledger.ts';
