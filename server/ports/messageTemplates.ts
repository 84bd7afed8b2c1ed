import type { Locale } from '../../contract/merchant.ts';

/** The messages the portal sends, each in every portal language (contract/constants.ts LOCALES). */
export type TemplateName = 'smsRegister' | 'smsLogin' | 'passwordResetEmail';

export interface Vars {
  brand: string;
  /** The secret the message carries: operators only ever see it masked. */
  code: string;
  minutes: number;
  /** Password reset: the site's link carrying the code, or '' when the request came from elsewhere. */
  link?: string;
}

type Text = (v: Vars) => { subject?: string; body: string };

/**
 * Short, in the tone of a bank's SMS, with the portal's words (locales/<lang>/messages.po: "verification code",
 * "password"). SMS length: text outside GSM-7 (every non-Latin script, and vi/pt-BR/es accents) goes out as Unicode,
 * 70 characters a segment, 67 once split. With a 7-letter brand, a 6-digit code and 10 minutes the longest Unicode
 * login SMS is Tamil's, 106 characters (2 segments; Burmese 102, pt-BR 101); the longest of all, Filipino's 117, is
 * GSM and fits one. messageTemplates.test.ts measures every one and keeps each within 2 segments.
 */
const TEMPLATES: Record<Locale, Record<TemplateName, Text>> = {
  en: {
    smsRegister: (v) => ({
      body: `${v.brand}: your verification code is ${v.code}. It expires in ${v.minutes} minutes.`,
    }),
    smsLogin: (v) => ({
      body: `${v.brand}: your verification code is ${v.code}. It expires in ${v.minutes} minutes. Never share it.`,
    }),
    passwordResetEmail: (v) => ({
      subject: `${v.brand}: your password reset code`,
      body: `${v.brand}: your password reset code is ${v.code}. It works once, within ${v.minutes} minutes.${line(v.link)}\nIf you did not ask for it, ignore this e-mail: your password has not changed.`,
    }),
  },
  vi: {
    smsRegister: (v) => ({
      body: `${v.brand}: mã xác minh của bạn là ${v.code}. Mã hết hạn sau ${v.minutes} phút.`,
    }),
    smsLogin: (v) => ({
      body: `${v.brand}: mã xác minh của bạn là ${v.code}. Mã hết hạn sau ${v.minutes} phút. Không chia sẻ mã này.`,
    }),
    passwordResetEmail: (v) => ({
      subject: `${v.brand}: mã đặt lại mật khẩu`,
      body: `${v.brand}: mã đặt lại mật khẩu của bạn là ${v.code}. Mã chỉ dùng một lần, trong ${v.minutes} phút.${line(v.link)}\nNếu bạn không yêu cầu, hãy bỏ qua e-mail này: mật khẩu của bạn chưa thay đổi.`,
    }),
  },
  th: {
    smsRegister: (v) => ({ body: `${v.brand}: รหัสยืนยันของคุณคือ ${v.code} หมดอายุใน ${v.minutes} นาที` }),
    smsLogin: (v) => ({
      body: `${v.brand}: รหัสยืนยันของคุณคือ ${v.code} หมดอายุใน ${v.minutes} นาที ห้ามบอกรหัสนี้กับผู้อื่น`,
    }),
    passwordResetEmail: (v) => ({
      subject: `${v.brand}: รหัสสำหรับตั้งรหัสผ่านใหม่`,
      body: `${v.brand}: รหัสสำหรับตั้งรหัสผ่านใหม่ของคุณคือ ${v.code} ใช้ได้ครั้งเดียวภายใน ${v.minutes} นาที${line(v.link)}\nหากคุณไม่ได้ขอ โปรดเพิกเฉยต่ออีเมลนี้ รหัสผ่านของคุณยังไม่เปลี่ยน`,
    }),
  },
  zh: {
    smsRegister: (v) => ({ body: `${v.brand}：您的验证码是 ${v.code}，${v.minutes} 分钟内有效。` }),
    smsLogin: (v) => ({
      body: `${v.brand}：您的验证码是 ${v.code}，${v.minutes} 分钟内有效。请勿告诉他人。`,
    }),
    passwordResetEmail: (v) => ({
      subject: `${v.brand}：密码重置验证码`,
      body: `${v.brand}：您的密码重置验证码是 ${v.code}，仅可使用一次，${v.minutes} 分钟内有效。${line(v.link)}\n如果这不是您本人的操作，请忽略此邮件：您的密码没有改变。`,
    }),
  },
  'zh-Hant': {
    smsRegister: (v) => ({ body: `${v.brand}：您的驗證碼是 ${v.code}，${v.minutes} 分鐘內有效。` }),
    smsLogin: (v) => ({
      body: `${v.brand}：您的驗證碼是 ${v.code}，${v.minutes} 分鐘內有效。請勿告訴他人。`,
    }),
    passwordResetEmail: (v) => ({
      subject: `${v.brand}：密碼重設驗證碼`,
      body: `${v.brand}：您的密碼重設驗證碼是 ${v.code}，僅可使用一次，${v.minutes} 分鐘內有效。${line(v.link)}\n如果這不是您本人的操作，請忽略此郵件：您的密碼沒有變更。`,
    }),
  },
  ja: {
    smsRegister: (v) => ({ body: `${v.brand}：認証コードは ${v.code} です。有効期限は${v.minutes}分です。` }),
    smsLogin: (v) => ({
      body: `${v.brand}：認証コードは ${v.code} です。有効期限は${v.minutes}分です。他人に教えないでください。`,
    }),
    passwordResetEmail: (v) => ({
      subject: `${v.brand}：パスワード再設定コード`,
      body: `${v.brand}：パスワード再設定コードは ${v.code} です。${v.minutes}分以内に1回のみ使用できます。${line(v.link)}\nお心当たりのない場合は、このメールを無視してください。パスワードは変更されていません。`,
    }),
  },
  ko: {
    smsRegister: (v) => ({ body: `${v.brand}: 인증 코드는 ${v.code}입니다. ${v.minutes}분 후 만료됩니다.` }),
    smsLogin: (v) => ({
      body: `${v.brand}: 인증 코드는 ${v.code}입니다. ${v.minutes}분 후 만료됩니다. 타인에게 알려주지 마세요.`,
    }),
    passwordResetEmail: (v) => ({
      subject: `${v.brand}: 비밀번호 재설정 코드`,
      body: `${v.brand}: 비밀번호 재설정 코드는 ${v.code}입니다. ${v.minutes}분 이내에 한 번만 사용할 수 있습니다.${line(v.link)}\n요청하지 않으셨다면 이 메일을 무시하세요. 비밀번호는 변경되지 않았습니다.`,
    }),
  },
  id: {
    smsRegister: (v) => ({ body: `${v.brand}: kode verifikasi Anda ${v.code}. Berlaku ${v.minutes} menit.` }),
    smsLogin: (v) => ({
      body: `${v.brand}: kode verifikasi Anda ${v.code}. Berlaku ${v.minutes} menit. Jangan berikan kepada siapa pun.`,
    }),
    passwordResetEmail: (v) => ({
      subject: `${v.brand}: kode atur ulang kata sandi`,
      body: `${v.brand}: kode atur ulang kata sandi Anda ${v.code}. Hanya bisa dipakai sekali, dalam ${v.minutes} menit.${line(v.link)}\nJika Anda tidak memintanya, abaikan e-mail ini: kata sandi Anda tidak berubah.`,
    }),
  },
  ms: {
    smsRegister: (v) => ({
      body: `${v.brand}: kod pengesahan anda ialah ${v.code}. Sah selama ${v.minutes} minit.`,
    }),
    smsLogin: (v) => ({
      body: `${v.brand}: kod pengesahan anda ialah ${v.code}. Sah selama ${v.minutes} minit. Jangan kongsi dengan sesiapa.`,
    }),
    passwordResetEmail: (v) => ({
      subject: `${v.brand}: kod tetapan semula kata laluan`,
      body: `${v.brand}: kod tetapan semula kata laluan anda ialah ${v.code}. Boleh digunakan sekali sahaja, dalam masa ${v.minutes} minit.${line(v.link)}\nJika anda tidak memintanya, abaikan e-mel ini: kata laluan anda tidak berubah.`,
    }),
  },
  fil: {
    smsRegister: (v) => ({
      body: `${v.brand}: ang iyong verification code ay ${v.code}. Mag-e-expire ito sa loob ng ${v.minutes} minuto.`,
    }),
    smsLogin: (v) => ({
      body: `${v.brand}: ang iyong verification code ay ${v.code}. Mag-e-expire ito sa loob ng ${v.minutes} minuto. Huwag itong ibahagi kaninuman.`,
    }),
    passwordResetEmail: (v) => ({
      subject: `${v.brand}: ang iyong password reset code`,
      body: `${v.brand}: ang iyong password reset code ay ${v.code}. Isang beses lang ito magagamit, sa loob ng ${v.minutes} minuto.${line(v.link)}\nKung hindi ikaw ang humiling nito, huwag pansinin ang e-mail na ito: hindi nagbago ang iyong password.`,
    }),
  },
  km: {
    smsRegister: (v) => ({ body: `${v.brand}: លេខកូដផ្ទៀងផ្ទាត់របស់អ្នកគឺ ${v.code}។ ផុតកំណត់ក្នុង ${v.minutes} នាទី។` }),
    smsLogin: (v) => ({
      body: `${v.brand}: លេខកូដផ្ទៀងផ្ទាត់របស់អ្នកគឺ ${v.code}។ ផុតកំណត់ក្នុង ${v.minutes} នាទី។ កុំប្រាប់អ្នកដទៃ។`,
    }),
    passwordResetEmail: (v) => ({
      subject: `${v.brand}: លេខកូដកំណត់ពាក្យសម្ងាត់ឡើងវិញ`,
      body: `${v.brand}: លេខកូដកំណត់ពាក្យសម្ងាត់ឡើងវិញរបស់អ្នកគឺ ${v.code}។ ប្រើបានតែម្តង ក្នុងរយៈពេល ${v.minutes} នាទី។${line(v.link)}\nប្រសិនបើអ្នកមិនបានស្នើសុំទេ សូមកុំអើពើអ៊ីមែលនេះ៖ ពាក្យសម្ងាត់របស់អ្នកមិនបានផ្លាស់ប្តូរទេ។`,
    }),
  },
  my: {
    smsRegister: (v) => ({
      body: `${v.brand}: သင်၏ အတည်ပြုကုဒ်မှာ ${v.code} ဖြစ်သည်။ ${v.minutes} မိနစ်အတွင်း သက်တမ်းကုန်မည်။`,
    }),
    smsLogin: (v) => ({
      body: `${v.brand}: သင်၏ အတည်ပြုကုဒ်မှာ ${v.code} ဖြစ်သည်။ ${v.minutes} မိနစ်အတွင်း သက်တမ်းကုန်မည်။ မည်သူ့ကိုမျှ မပြောပါနှင့်။`,
    }),
    passwordResetEmail: (v) => ({
      subject: `${v.brand}: စကားဝှက် ပြန်လည်သတ်မှတ်ရန် ကုဒ်`,
      body: `${v.brand}: သင်၏ စကားဝှက် ပြန်လည်သတ်မှတ်ရန် ကုဒ်မှာ ${v.code} ဖြစ်သည်။ ${v.minutes} မိနစ်အတွင်း တစ်ကြိမ်သာ အသုံးပြုနိုင်သည်။${line(v.link)}\nသင် မတောင်းဆိုခဲ့ပါက ဤအီးမေးလ်ကို လျစ်လျူရှုပါ။ သင်၏ စကားဝှက် မပြောင်းလဲပါ။`,
    }),
  },
  lo: {
    smsRegister: (v) => ({ body: `${v.brand}: ລະຫັດຢືນຢັນຂອງທ່ານແມ່ນ ${v.code} ໝົດອາຍຸໃນ ${v.minutes} ນາທີ` }),
    smsLogin: (v) => ({
      body: `${v.brand}: ລະຫັດຢືນຢັນຂອງທ່ານແມ່ນ ${v.code} ໝົດອາຍຸໃນ ${v.minutes} ນາທີ ຢ່າບອກລະຫັດນີ້ໃຫ້ຜູ້ອື່ນ`,
    }),
    passwordResetEmail: (v) => ({
      subject: `${v.brand}: ລະຫັດສຳລັບຕັ້ງລະຫັດຜ່ານໃໝ່`,
      body: `${v.brand}: ລະຫັດສຳລັບຕັ້ງລະຫັດຜ່ານໃໝ່ຂອງທ່ານແມ່ນ ${v.code} ໃຊ້ໄດ້ເທື່ອດຽວພາຍໃນ ${v.minutes} ນາທີ${line(v.link)}\nຖ້າທ່ານບໍ່ໄດ້ຮ້ອງຂໍ ກະລຸນາບໍ່ຕ້ອງສົນໃຈອີເມວນີ້ ລະຫັດຜ່ານຂອງທ່ານຍັງບໍ່ປ່ຽນ`,
    }),
  },
  hi: {
    smsRegister: (v) => ({
      body: `${v.brand}: आपका सत्यापन कोड ${v.code} है। यह ${v.minutes} मिनट में समाप्त हो जाएगा।`,
    }),
    smsLogin: (v) => ({
      body: `${v.brand}: आपका सत्यापन कोड ${v.code} है। यह ${v.minutes} मिनट में समाप्त हो जाएगा। इसे किसी से साझा न करें।`,
    }),
    passwordResetEmail: (v) => ({
      subject: `${v.brand}: पासवर्ड रीसेट कोड`,
      body: `${v.brand}: आपका पासवर्ड रीसेट कोड ${v.code} है। यह केवल एक बार, ${v.minutes} मिनट के भीतर काम करेगा।${line(v.link)}\nयदि आपने इसका अनुरोध नहीं किया है, तो इस ई-मेल को अनदेखा करें: आपका पासवर्ड नहीं बदला है।`,
    }),
  },
  bn: {
    smsRegister: (v) => ({
      body: `${v.brand}: আপনার যাচাইকরণ কোড ${v.code}। এটি ${v.minutes} মিনিটে মেয়াদোত্তীর্ণ হবে।`,
    }),
    smsLogin: (v) => ({
      body: `${v.brand}: আপনার যাচাইকরণ কোড ${v.code}। এটি ${v.minutes} মিনিটে মেয়াদোত্তীর্ণ হবে। কাউকে জানাবেন না।`,
    }),
    passwordResetEmail: (v) => ({
      subject: `${v.brand}: পাসওয়ার্ড রিসেট কোড`,
      body: `${v.brand}: আপনার পাসওয়ার্ড রিসেট কোড ${v.code}। এটি একবারই, ${v.minutes} মিনিটের মধ্যে ব্যবহার করা যাবে।${line(v.link)}\nআপনি অনুরোধ না করে থাকলে এই ই-মেইলটি উপেক্ষা করুন: আপনার পাসওয়ার্ড পরিবর্তন হয়নি।`,
    }),
  },
  ta: {
    smsRegister: (v) => ({
      body: `${v.brand}: உங்கள் சரிபார்ப்புக் குறியீடு ${v.code}. இது ${v.minutes} நிமிடங்களில் காலாவதியாகும்.`,
    }),
    smsLogin: (v) => ({
      body: `${v.brand}: உங்கள் சரிபார்ப்புக் குறியீடு ${v.code}. இது ${v.minutes} நிமிடங்களில் காலாவதியாகும். யாரிடமும் பகிர வேண்டாம்.`,
    }),
    passwordResetEmail: (v) => ({
      subject: `${v.brand}: கடவுச்சொல் மீட்டமைப்புக் குறியீடு`,
      body: `${v.brand}: உங்கள் கடவுச்சொல் மீட்டமைப்புக் குறியீடு ${v.code}. இதை ${v.minutes} நிமிடங்களுக்குள் ஒருமுறை மட்டுமே பயன்படுத்த முடியும்.${line(v.link)}\nநீங்கள் இதைக் கோரவில்லை என்றால், இந்த மின்னஞ்சலைப் புறக்கணிக்கவும்: உங்கள் கடவுச்சொல் மாற்றப்படவில்லை.`,
    }),
  },
  te: {
    smsRegister: (v) => ({
      body: `${v.brand}: మీ ధృవీకరణ కోడ్ ${v.code}. ఇది ${v.minutes} నిమిషాల్లో గడువు ముగుస్తుంది.`,
    }),
    smsLogin: (v) => ({
      body: `${v.brand}: మీ ధృవీకరణ కోడ్ ${v.code}. ఇది ${v.minutes} నిమిషాల్లో గడువు ముగుస్తుంది. ఎవరితోనూ పంచుకోవద్దు.`,
    }),
    passwordResetEmail: (v) => ({
      subject: `${v.brand}: పాస్‌వర్డ్ రీసెట్ కోడ్`,
      body: `${v.brand}: మీ పాస్‌వర్డ్ రీసెట్ కోడ్ ${v.code}. దీన్ని ${v.minutes} నిమిషాల్లోపు ఒక్కసారి మాత్రమే ఉపయోగించవచ్చు.${line(v.link)}\nమీరు దీన్ని అభ్యర్థించకపోతే, ఈ ఇ-మెయిల్‌ను విస్మరించండి: మీ పాస్‌వర్డ్ మారలేదు.`,
    }),
  },
  'pt-BR': {
    smsRegister: (v) => ({
      body: `${v.brand}: seu código de verificação é ${v.code}. Ele expira em ${v.minutes} minutos.`,
    }),
    smsLogin: (v) => ({
      body: `${v.brand}: seu código de verificação é ${v.code}. Ele expira em ${v.minutes} minutos. Não o compartilhe com ninguém.`,
    }),
    passwordResetEmail: (v) => ({
      subject: `${v.brand}: seu código para redefinir a senha`,
      body: `${v.brand}: seu código para redefinir a senha é ${v.code}. Ele vale uma única vez, por ${v.minutes} minutos.${line(v.link)}\nSe você não pediu, ignore este e-mail: sua senha não foi alterada.`,
    }),
  },
  es: {
    smsRegister: (v) => ({
      body: `${v.brand}: tu código de verificación es ${v.code}. Caduca en ${v.minutes} minutos.`,
    }),
    smsLogin: (v) => ({
      body: `${v.brand}: tu código de verificación es ${v.code}. Caduca en ${v.minutes} minutos. No lo compartas con nadie.`,
    }),
    passwordResetEmail: (v) => ({
      subject: `${v.brand}: tu código para restablecer la contraseña`,
      body: `${v.brand}: tu código para restablecer la contraseña es ${v.code}. Sirve una sola vez, durante ${v.minutes} minutos.${line(v.link)}\nSi no lo pediste, ignora este correo: tu contraseña no ha cambiado.`,
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
  const text = TEMPLATES[language][name];
  const masked = text({ ...vars, code: MASK, link: vars.link ? MASK : '' });
  return { ...text(vars), preview: masked.body };
}
