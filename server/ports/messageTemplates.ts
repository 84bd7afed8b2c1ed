import type { Locale } from '../../contract/merchant.ts';

/** The messages the portal sends, each in every portal language (contract/constants.ts LOCALES). */
export type TemplateName = 'smsRegister' | 'smsLogin' | 'passwordResetEmail';

interface Vars {
  brand: string;
  /** The secret the message carries: operators only ever see it masked. */
  code: string;
  minutes: number;
  /** Password reset: the site's link carrying the code, or '' when the request came from elsewhere. */
  link?: string;
}

type Text = (v: Vars) => { subject?: string; body: string };

// TODO(issue 30 item 4): every language; English stands in until then.
const TEMPLATES: Record<TemplateName, { en: Text } & Partial<Record<Locale, Text>>> = {
  smsRegister: {
    en: (v) => ({
      body: `${v.brand}: your verification code is ${v.code}. It expires in ${v.minutes} minutes.`,
    }),
    vi: (v) => ({ body: `${v.brand}: mã xác minh của bạn là ${v.code}. Mã hết hạn sau ${v.minutes} phút.` }),
    th: (v) => ({ body: `${v.brand}: รหัสยืนยันของคุณคือ ${v.code} หมดอายุใน ${v.minutes} นาที` }),
    zh: (v) => ({ body: `${v.brand}：您的验证码是 ${v.code}，${v.minutes} 分钟内有效。` }),
  },
  smsLogin: {
    en: (v) => ({
      body: `${v.brand}: your verification code is ${v.code}. It expires in ${v.minutes} minutes. Never share it.`,
    }),
    vi: (v) => ({
      body: `${v.brand}: mã xác minh của bạn là ${v.code}. Mã hết hạn sau ${v.minutes} phút. Không chia sẻ mã này.`,
    }),
    th: (v) => ({
      body: `${v.brand}: รหัสยืนยันของคุณคือ ${v.code} หมดอายุใน ${v.minutes} นาที ห้ามบอกรหัสนี้กับผู้อื่น`,
    }),
    zh: (v) => ({ body: `${v.brand}：您的验证码是 ${v.code}，${v.minutes} 分钟内有效。请勿告诉他人。` }),
  },
  passwordResetEmail: {
    en: (v) => ({
      subject: `${v.brand}: your password reset code`,
      body: `${v.brand}: your password reset code is ${v.code}. It works once, within ${v.minutes} minutes.${line(v.link)}\nIf you did not ask for it, ignore this e-mail: your password has not changed.`,
    }),
    vi: (v) => ({
      subject: `${v.brand}: mã đặt lại mật khẩu`,
      body: `${v.brand}: mã đặt lại mật khẩu của bạn là ${v.code}. Mã chỉ dùng một lần, trong ${v.minutes} phút.${line(v.link)}\nNếu bạn không yêu cầu, hãy bỏ qua e-mail này: mật khẩu của bạn chưa thay đổi.`,
    }),
    th: (v) => ({
      subject: `${v.brand}: รหัสสำหรับตั้งรหัสผ่านใหม่`,
      body: `${v.brand}: รหัสสำหรับตั้งรหัสผ่านใหม่ของคุณคือ ${v.code} ใช้ได้ครั้งเดียวภายใน ${v.minutes} นาที${line(v.link)}\nหากคุณไม่ได้ขอ โปรดเพิกเฉยต่ออีเมลนี้ รหัสผ่านของคุณยังไม่เปลี่ยน`,
    }),
    zh: (v) => ({
      subject: `${v.brand}：密码重置验证码`,
      body: `${v.brand}：您的密码重置验证码是 ${v.code}，仅可使用一次，${v.minutes} 分钟内有效。${line(v.link)}\n如果这不是您本人的操作，请忽略此邮件：您的密码没有改变。`,
    }),
  },
};

const line = (link?: string) => (link ? `\n${link}` : '');

/** Stands for the code wherever operators read a message. */
export const MASK = '••••••';

/**
 * A message in `language`: its subject (e-mail), body, and `preview`, the same text with the code (and the link that
 * carries it) masked, which is all the back office ever shows.
 */
export function renderMessage(name: TemplateName, language: Locale, vars: Vars) {
  const text = TEMPLATES[name][language] ?? TEMPLATES[name].en;
  const masked = text({ ...vars, code: MASK, link: vars.link ? MASK : '' });
  return { ...text(vars), preview: masked.body };
}
