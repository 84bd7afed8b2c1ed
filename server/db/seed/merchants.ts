import type { RegisterFieldRule } from '../../../contract/auth.ts';
import type { GameType } from '../../../contract/games.ts';
import type { Brand, FeatureFlag } from '../../../contract/merchant.ts';
import type { BankDetails } from '../../../contract/merchantSettings.ts';
import { PATTERNS } from '../../../contract/registerRules.ts';
import { artPath } from '../../modules/art/paths.ts';
import type { MerchantSettings } from '../schema/merchants.ts';
import { ALL_VENDORS, type CatalogueProfile } from './catalogue.ts';
import type { SeedText } from './text.ts';

/** A demo merchant: its row, its domains, its catalogue profile, banners, notices and house bank account. */
export interface MerchantSeed {
  code: string;
  brand: Brand;
  settings: MerchantSettings;
  restrictedCountries: string[];
  domains: string[];
  catalogue: CatalogueProfile;
  notices: SeedText[];
  /** The house account members transfer to, written to the merchant's payments rules. */
  bank: BankDetails;
}

/** A field rule whose accepted pattern is the one of its pattern message (contract/registerRules.ts). */
const rule = (
  field: RegisterFieldRule['field'],
  required: boolean,
  minLength: number,
  maxLength: number,
  patternId: number,
  enabled = true,
): RegisterFieldRule => ({
  field,
  enabled,
  required,
  minLength,
  maxLength,
  patternId,
  acceptedPattern: PATTERNS[patternId] ?? '*',
});

const registerFields: RegisterFieldRule[] = [
  rule('username', true, 6, 16, 1),
  rule('password', true, 6, 20, 5),
  rule('confirmPassword', true, 6, 20, 0),
  rule('payeeName', false, 2, 50, 21),
  rule('email', false, 5, 100, 3),
  rule('mobileNum', false, 9, 11, 6),
  rule('verificationCode', false, 6, 6, 6),
  rule('affiliateCode', false, 4, 20, 4),
  rule('paymentPassword', false, 6, 6, 6, false),
  rule('captcha', true, 4, 4, 19),
  ...(['qqNum', 'line', 'whatsapp', 'zalo', 'facebook', 'wechat', 'idNumber'] as const).map((f) =>
    rule(f, false, 1, 50, 0, false),
  ),
  // Know-your-customer fields, off unless a merchant's licence asks for them (LOTUS below).
  rule('address', true, 5, 200, 0, false),
  rule('nationality', true, 2, 60, 12, false),
  rule('occupation', false, 2, 100, 0, false),
  rule('sourceOfIncome', false, 2, 100, 0, false),
  rule('placeOfBirth', false, 2, 100, 0, false),
  rule('birthday', true, 10, 10, 11, false),
];

/** The rules with the know-your-customer fields switched on. */
const withKyc = (rules: RegisterFieldRule[]) =>
  rules.map((r) =>
    ['address', 'nationality', 'occupation', 'sourceOfIncome', 'placeOfBirth', 'birthday'].includes(r.field)
      ? { ...r, enabled: true }
      : r,
  );

export const allOn = (off: FeatureFlag[] = []): Record<FeatureFlag, boolean> => {
  const flags: Record<FeatureFlag, boolean> = {
    MOBILEVERCODELOGIN3: true,
    MOBILENUMREG3: true,
    USERNAMEREG3: true,
    CHNGPASSMAIL3: true,
    CHNGPASSVERIF3: true,
    PTSYS3: true,
    SMS_VERIFICATION: true,
    MOBILE_REG_WITH_PASSWORD: true,
    FREE_PLAY: true,
    PASSWORD_EXPIRY: false,
    SINGLE_WALLET: false,
    LOGGED_IN_TO_HOME: false,
    MEMBER_CENTRE: true,
    AGENT_CENTRE: true,
    AGENT_DIVIDEND: true,
    DAILY_SALARY: true,
    HOURLY_SALARY: true,
    REALTIME_SALARY: true,
    // The demo brands keep spec §1's EN/TY switch; operators turn the full list on per merchant.
    LANGUAGE_LIST: false,
  };
  for (const f of off) flags[f] = false;
  return flags;
};

/** A merchant's settings: the demo brands' and, with operators' desks left empty, a first merchant's (bootstrap.ts). */
export const settings = (
  code: string,
  features: Record<FeatureFlag, boolean>,
  social: string,
  appName: string,
): MerchantSettings => ({
  features,
  registerFields,
  // Operators plug in their own desks; the demo brands chat on Telegram.
  customerService: [
    { csType: 'LIVECHAT', path: `https://t.me/${social.replace('.', '_')}_support` },
    { csType: 'VIP', path: `https://t.me/${social.replace('.', '_')}_vip` },
  ],
  social: { facebook: `https://facebook.com/${social}`, telegram: `https://t.me/${social}` },
  gtagId: '',
  imageCDNs: [''],
  launchGameCDNs: [''],
  // Android needs a signed package from the operator; the iOS web-clip profile is generated per merchant.
  downloadResources: {
    MOBILECONFIG: { name: `${appName} for iOS`, url: `/downloads/${code}.mobileconfig` },
  },
  siteResources: {
    logo: { url: artPath.logo(code), labelNameEn: 'Logo' },
    icon: { url: artPath.icon(code), labelNameEn: 'Site icon' },
  },
  timeZone: 'Asia/Ho_Chi_Minh',
  tyLanguage: 'vi',
  captchaMode: 'dev',
  defaultPassword: 'Welcome123',
  passwordMaxAgeDays: 90,
  ageLimit: 18,
  countries: [
    { countryCode: 'VN', countryDialingCode: '+84' },
    { countryCode: 'TH', countryDialingCode: '+66' },
    { countryCode: 'PH', countryDialingCode: '+63' },
    { countryCode: 'MY', countryDialingCode: '+60' },
    { countryCode: 'SG', countryDialingCode: '+65' },
    { countryCode: 'ID', countryDialingCode: '+62' },
  ],
});

export const brandOf = (
  code: string,
  name: string,
  primary: string,
  accent: string,
  defaultTheme: Brand['defaultTheme'],
) => ({
  name,
  primary,
  accent,
  defaultTheme,
  logoUrl: artPath.logo(code),
  iconUrl: artPath.icon(code),
  currency: 'USD',
  currencySign: '$',
});

const without = (...types: GameType[]) =>
  ALL_VENDORS.filter((v) => v.vassalage !== 'GPI' && !types.includes(v.gameType));

export const DEMO_MERCHANTS: MerchantSeed[] = [
  {
    code: 'PORTICO',
    brand: brandOf('PORTICO', 'Portico', '#6142bf', '#f5b301', 'dark'),
    settings: settings('PORTICO', allOn(), 'portico.demo', 'Portico'),
    restrictedCountries: [],
    domains: ['localhost', '127.0.0.1', 'portico.localhost'],
    catalogue: { vendors: without(), seed: 1 },
    notices: [
      {
        en: 'Welcome to Portico! New slots arrive every week.',
        vi: 'Chào mừng đến Portico! Trò chơi mới mỗi tuần.',
        th: 'ยินดีต้อนรับสู่ Portico! สล็อตใหม่มาทุกสัปดาห์',
        zh: '欢迎来到 Portico！每周都有新的电子游戏上线。',
      },
      {
        en: 'Deposits are credited within minutes.',
        vi: 'Tiền nạp được cộng trong vài phút.',
        th: 'เงินฝากเข้าบัญชีภายในไม่กี่นาที',
        zh: '存款几分钟内即可到账。',
      },
    ],
    bank: {
      bankName: 'Vietcombank',
      accountName: 'Portico Entertainment Ltd',
      accountNo: '0071 0012 3456 7',
    },
  },
  {
    code: 'LOTUS',
    brand: brandOf('LOTUS', 'Lotus Play', '#0f8f7e', '#e8486f', 'light'),
    // Its TY entry speaks Thai, so both mappings of the switch can be seen.
    settings: {
      ...settings(
        'LOTUS',
        allOn(['MOBILEVERCODELOGIN3', 'PTSYS3', 'FREE_PLAY']),
        'lotusplay.demo',
        'Lotus Play',
      ),
      tyLanguage: 'th',
      // A licence that asks who its players are: address, nationality, birthday (and more) at registration, and no
      // age set, so the default minimum of 21 applies to the birthday.
      registerFields: withKyc(registerFields),
      ageLimit: undefined,
    },
    restrictedCountries: ['US'],
    domains: ['lotus.localhost'],
    catalogue: {
      vendors: ALL_VENDORS.filter((v) => !['MG', 'MGS', 'TTG', 'OG', 'XY'].includes(v.vassalage)),
      seed: 2,
    },
    notices: [
      {
        en: 'Lotus Play: Vietnam lottery results every evening.',
        vi: 'Lotus Play: kết quả xổ số mỗi tối.',
        th: 'Lotus Play: ผลหวยเวียดนามออกทุกเย็น',
        zh: 'Lotus Play：越南彩票每晚开奖。',
      },
      {
        en: 'Keno draws every few minutes.',
        vi: 'Keno quay thưởng vài phút một lần.',
        th: 'คีโนออกผลทุก ๆ ไม่กี่นาที',
        zh: 'Keno 每隔几分钟开奖一次。',
      },
    ],
    bank: { bankName: 'Kasikornbank', accountName: 'Lotus Play Co., Ltd.', accountNo: '123-4-56789-0' },
  },
];
