export * from './catalogue.ts';
export * from './merchants.ts';
