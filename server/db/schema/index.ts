export * from './accounts.ts';
export * from './catalogue.ts';
export * from './engagement.ts';
export * from './ledger.ts';
export * from './lottery.ts';
export * from './merchants.ts';
export * from './payments.ts';
export * from './play.ts';
