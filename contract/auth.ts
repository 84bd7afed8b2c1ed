import { z } from 'zod';

/** Fields of the registration user (spec §3) that a merchant can switch on and constrain. */
export const registerField = z.enum([
  'username',
  'password',
  'confirmPassword',
  'payeeName',
  'email',
  'qqNum',
  'mobileNum',
  'verificationCode',
  'affiliateCode',
  'paymentPassword',
  'line',
  'whatsapp',
  'zalo',
  'facebook',
  'wechat',
  'idNumber',
  'captcha',
]);
export type RegisterField = z.infer<typeof registerField>;

/** Registration field rule (spec §3): `acceptedPattern` '*' means any text; patternId picks the message 0–24. */
export const registerFieldRule = z.object({
  field: registerField,
  enabled: z.boolean(),
  required: z.boolean(),
  minLength: z.number().int().min(0),
  maxLength: z.number().int().min(1),
  patternId: z.number().int().min(0).max(24),
  acceptedPattern: z.string(),
});
export type RegisterFieldRule = z.infer<typeof registerFieldRule>;
