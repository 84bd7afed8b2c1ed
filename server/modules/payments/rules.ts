/**
 * A merchant's deposit and withdrawal rules. Every merchant has these defaults until the back office lets an
 * operator change them; the server enforces them and the pages show them (paymentSettings).
 */
export interface PaymentRules {
  deposit: { min: bigint; max: bigint };
  withdrawal: { min: bigint; max: bigint; maxCount: number; forceReceiveMinutes: number };
  bank: { bankName: string; accountName: string; accountNo: string };
}

export const DEFAULT_PAYMENT_RULES: PaymentRules = {
  deposit: { min: 10_000n, max: 5_000_000n },
  withdrawal: { min: 10_000n, max: 2_000_000n, maxCount: 5, forceReceiveMinutes: 30 },
  bank: { bankName: 'Demo Bank', accountName: 'Portico Gaming Ltd', accountNo: '6200 1234 5678' },
};

export const paymentRulesFor = (_merchantCode: string): PaymentRules => DEFAULT_PAYMENT_RULES;
