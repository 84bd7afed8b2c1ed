import { fromPromise } from 'xstate';
import {
  affiliateCheck,
  captcha,
  changePassword,
  forgotByEmail,
  forgotByPhone,
  login,
  loginSms,
  register,
  registerMobile,
  registerSms,
  resetPassword,
} from '../../../contract/routes.ts';
import type { FirebaseOptions } from '../../../contract/system.ts';
import type { CaptchaImage } from '../../../machines/captcha.machine.ts';
import type {
  CodeResetRequest,
  PhoneResetRequest,
  ResetCodeRequest,
} from '../../../machines/forgotPassword.machine.ts';
import type { LoginRequest } from '../../../machines/login.machine.ts';
import type {
  FirebaseSmsCheck,
  Registered,
  RegisterRequest,
} from '../../../machines/registration.machine.ts';
import type { SmsCodeRequest, SmsCodeSent } from '../../../machines/smsCountdown.machine.ts';
import { ApiError, call } from '../../api/client.ts';
import { forgetReferral, rememberedReferral } from '../../session/referral.ts';
import type { SocialProvider } from './firebaseClient.ts';

/** The machines' named actors, done with the real API client. */
export const loadCaptcha = fromPromise<CaptchaImage>(async () => (await call(captcha, { query: {} })).value);

// The session's own (a page's start needs it): a module apart, so the forms' actors load with the forms.
export { loadMemberInfo } from './memberInfo.ts';

export const logIn = fromPromise<Awaited<ReturnType<typeof callLogin>>, LoginRequest>(({ input }) =>
  callLogin(input),
);
const callLogin = async (body: LoginRequest) => (await call(login, { body })).value;

/** Social login: Firebase (loaded on the first click) signs in, its ID token logs in like a password. */
export const socialLogIn = (options: () => FirebaseOptions | null | undefined) =>
  fromPromise<Awaited<ReturnType<typeof callLogin>>, { provider: string }>(async ({ input }) => {
    const { signInWithProvider } = await import('./firebaseClient.ts');
    const idToken = await signInWithProvider(options()!, input.provider as SocialProvider);
    return callLogin({ type: 'firebase', idToken });
  });

export const changeOwnPassword = fromPromise<
  void,
  { oldPassword?: string; newPassword: string; confirmNewPassword: string }
>(async ({ input }) => {
  await call(changePassword, { body: input });
});

/** The SMS code button of a form: registration codes, or codes for registered numbers (login, reset). */
export const sendSmsCode = (purpose: 'register' | 'login') =>
  fromPromise<SmsCodeSent, SmsCodeRequest>(
    async ({ input }) =>
      (await (purpose === 'register' ? call(registerSms, { body: input }) : call(loginSms, { body: input })))
        .value,
  );

export const checkAffiliate = fromPromise<{ valid: boolean }, { code: string }>(
  async ({ input }) =>
    (await call(affiliateCheck, { query: { code: input.code, domain: window.location.hostname } })).value,
);

export const registerAccount = fromPromise<Registered, RegisterRequest>(async ({ input }) => {
  try {
    return await registerWith(input);
  } catch (err) {
    if (err instanceof ApiError && err.fields.referralCode) forgetReferral();
    throw err;
  }
});

async function registerWith(input: RegisterRequest): Promise<Registered> {
  const v = input.values;
  const common = {
    password: v.password ?? '',
    confirmPassword: v.confirmPassword ?? '',
    payeeName: v.payeeName,
    email: v.email,
    qqNum: v.qqNum,
    line: v.line,
    whatsapp: v.whatsapp,
    zalo: v.zalo,
    facebook: v.facebook,
    wechat: v.wechat,
    idNumber: v.idNumber,
    address: v.address,
    nationality: v.nationality,
    occupation: v.occupation,
    sourceOfIncome: v.sourceOfIncome,
    placeOfBirth: v.placeOfBirth,
    birthday: v.birthday,
    paymentPassword: v.paymentPassword,
    // The machine decides the code: the checked one typed, or the one from the URL.
    affiliateCode: input.affiliateCode,
    referralCode: rememberedReferral(),
    captchaId: v.captchaId,
    captcha: v.captcha,
    domain: window.location.hostname,
    registerUrl: window.location.href,
    login: true,
  };
  if (input.mode === 'mobile')
    return (
      await call(registerMobile, {
        body: {
          ...common,
          countryDialingCode: v.countryDialingCode ?? '',
          mobileNum: v.mobileNum ?? '',
          verificationCode: v.verificationCode,
          ...(input.firebaseIdToken
            ? { firebaseChannel: 'sms' as const, firebaseIdToken: input.firebaseIdToken }
            : {}),
        },
      })
    ).value;
  return (await call(register, { body: { ...common, username: v.username ?? '' } })).value;
}

export const requestResetCode = fromPromise<void, ResetCodeRequest>(async ({ input }) => {
  await call(forgotByEmail, { body: input });
});

export const resetWithCode = fromPromise<void, CodeResetRequest>(async ({ input }) => {
  await call(resetPassword, { body: input });
});

export const resetByPhone = fromPromise<void, PhoneResetRequest>(async ({ input }) => {
  await call(forgotByPhone, { body: input });
});

/** Firebase SMS (merchants with Firebase options): Firebase sends the code; the button counts 60 s. */
export const firebaseSmsSender = (options: FirebaseOptions, recaptchaContainer: () => HTMLElement | null) =>
  fromPromise<SmsCodeSent, SmsCodeRequest>(async ({ input }) => {
    const { sendFirebaseSms } = await import('./firebaseClient.ts');
    const phone = `+${input.countryDialingCode.replace(/\D/g, '')}${input.mobileNo.replace(/\D/g, '').replace(/^0+/, '')}`;
    await sendFirebaseSms(options, phone, recaptchaContainer() ?? document.body);
    return { expiredMinutes: 1, expirationTime: new Date(Date.now() + 60_000).toISOString() };
  });

export const verifyFirebaseSms = fromPromise<{ firebaseIdToken: string }, FirebaseSmsCheck>(
  async ({ input }) => {
    const { confirmFirebaseSms } = await import('./firebaseClient.ts');
    return { firebaseIdToken: await confirmFirebaseSms(input.verificationCode) };
  },
);
