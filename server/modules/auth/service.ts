import { randomInt } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { login, RegisterField, register, registerMobile } from '../../../contract/auth.ts';
import { AGENT_TYPES, TRIAL_AGENT_TYPE } from '../../../contract/member.ts';
import type { Db, Tx } from '../../db/client.ts';
import { members } from '../../db/schema/index.ts';
import { DomainError } from '../../http/errors.ts';
import type { Merchant } from '../../http/merchant.ts';
import { passwordChangeOf } from '../../http/standing.ts';
import { hashPassword, needsRehash, verifyPassword } from '../../lib/password.ts';
import { newToken } from '../../lib/secrets.ts';
import type { FirebasePort } from '../../ports/firebase.ts';
import type { AuditLog } from '../audit/log.ts';
import { merchantToday, minimumAgeOf } from '../merchant/minimumAge.ts';
import type { CaptchaService } from './captcha.ts';
import { CAPTCHA_AFTER_FAILURES, createLogins, type LoginAttempt } from './logins.ts';
import { enforceRules, ruleOf } from './rules.ts';
import type { Member, SessionService } from './sessions.ts';
import { normaliseMobile, type SmsService } from './sms.ts';

type RegisterBody = z.output<typeof register.body>;
type RegisterMobileBody = z.output<typeof registerMobile.body>;
type LoginBody = z.output<typeof login.body>;
/** Statements that commit with a new account (its audit record). */
export type AccountHook = (tx: Tx, account: Member) => Promise<void>;

/** The registration fields an account opened by an agent is checked against. */
const CREDENTIAL_FIELDS: RegisterField[] = ['username', 'password', 'confirmPassword'];

const unknownAccountHash = hashPassword(newToken());

const fieldError = (status: number, code: 'VALIDATION' | 'CONFLICT', field: string, message: string) =>
  new DomainError(status, code, message, { [field]: message });

/** Optional profile fields of the registration user (know-your-customer ones too), kept as typed. */
const PROFILE_FIELDS = [
  'address',
  'nationality',
  'occupation',
  'sourceOfIncome',
  'placeOfBirth',
  'qqNum',
  'line',
  'whatsapp',
  'zalo',
  'facebook',
  'wechat',
  'idNumber',
  'recommenderId',
] as const;

export function createAuthService(
  db: Db,
  deps: {
    sessions: SessionService;
    captcha: CaptchaService;
    sms: SmsService;
    /** Where logins and refused logins are recorded. */
    audit: AuditLog;
    /** Told of each refused login (the app's metrics). */
    onLoginFailure?: (attempt: LoginAttempt, reason: string) => void;
    firebase?: FirebasePort;
    /** The member a referral code belongs to (spec §2 referral), or null. */
    referrer?: (merchantCode: string, code: string) => Promise<number | null>;
    /** Gives a new trial account its play money, before its first balance is read. */
    onTrialOpened?: (merchantCode: string, memberId: number) => Promise<void>;
  },
  now: () => Date = () => new Date(),
) {
  const { sessions, captcha, sms } = deps;
  const logins = createLogins(db, deps.audit, now, deps.onLoginFailure);

  /** The Firebase user behind an ID token of the merchant's Firebase project. */
  async function firebaseIdentity(m: Merchant, idToken: string) {
    const options = m.settings.firebase;
    if (!options || !deps.firebase) throw new DomainError(403, 'FORBIDDEN', 'Function not enabled');
    try {
      return await deps.firebase.verify(idToken, options.projectId);
    } catch {
      throw new DomainError(401, 'UNAUTHORIZED', 'Sign-in could not be verified, please try again');
    }
  }

  /** Social login: the member linked to the Firebase user, or a new account for a first visit. */
  async function firebaseMember(m: Merchant, idToken: string): Promise<Member> {
    const identity = await firebaseIdentity(m, idToken);
    const linked = await findMember(m, eq(members.firebaseUid, identity.uid));
    if (linked) return linked;
    const account = `s${String(randomInt(10_000_000, 100_000_000))}`;
    const [created] = await db
      .insert(members)
      .values({
        merchantCode: m.code,
        account,
        nickname: (identity.name ?? identity.email?.split('@')[0] ?? account).slice(0, 40),
        passwordHash: await hashPassword(newToken()),
        email: identity.email ?? null,
        firebaseUid: identity.uid,
      })
      .returning();
    return created!;
  }

  async function requireCaptcha(m: Merchant, body: { captchaId?: string; captcha?: string }) {
    if (!ruleOf(m.settings.registerFields, 'captcha')?.enabled) return;
    if (!(await captcha.verify(m, body.captchaId, body.captcha)))
      throw fieldError(400, 'VALIDATION', 'captcha', 'Captcha is incorrect, please try again');
  }

  /** The agent an invitation code belongs to, or a field error. */
  async function uplineOf(m: Merchant, code: string | undefined): Promise<number | null> {
    if (!code) return null;
    const [agent] = await db
      .select({ id: members.id })
      .from(members)
      .where(
        and(
          eq(members.merchantCode, m.code),
          eq(members.affiliateCode, code.trim().toUpperCase()),
          inArray(members.agentType, [...AGENT_TYPES]),
        ),
      );
    if (!agent) throw fieldError(400, 'VALIDATION', 'affiliateCode', 'Invalid invitation code');
    return agent.id;
  }

  /** The member whose referral code the new account gives, or a field error. */
  async function referrerOf(m: Merchant, code: string | undefined): Promise<number | null> {
    if (!code?.trim() || !deps.referrer) return null;
    const id = await deps.referrer(m.code, code);
    if (id === null) throw fieldError(400, 'VALIDATION', 'referralCode', 'Invalid referral code');
    return id;
  }

  const profileOf = (body: RegisterBody | RegisterMobileBody) =>
    Object.fromEntries(PROFILE_FIELDS.flatMap((f) => (body[f]?.trim() ? [[f, body[f].trim()]] : [])));

  /**
   * The registration's own fields as stored: the profile, and the birthday as a date where the merchant asks for it
   * (enforceRules checked it then: a real date, old enough); elsewhere it was never checked, so it is not kept.
   */
  const kycOf = (m: Merchant, body: RegisterBody | RegisterMobileBody) => ({
    profile: profileOf(body),
    birthday: (ruleOf(m.settings.registerFields, 'birthday')?.enabled && body.birthday?.trim()) || null,
  });

  /** Spec §5 birthday limit, on the merchant's date. */
  const ageCheck = (m: Merchant) => ({
    minimumAge: minimumAgeOf(m.settings),
    today: merchantToday(m.settings, now()),
  });

  /** Inserts the account (a taken name or number is a field error); `inTx` adds statements to its transaction. */
  async function insert(values: typeof members.$inferInsert, inTx?: AccountHook): Promise<Member> {
    const created = await db.transaction(async (tx) => {
      const [row] = await tx.insert(members).values(values).onConflictDoNothing().returning();
      if (row && inTx) await inTx(tx, row);
      return row;
    });
    if (!created)
      throw values.mobile
        ? fieldError(409, 'CONFLICT', 'mobileNum', 'This phone number is already registered')
        : fieldError(409, 'CONFLICT', 'username', 'This username is already taken');
    return created;
  }

  /** Inserts the account and logs it in when asked. */
  async function create(values: typeof members.$inferInsert, loginNow: boolean) {
    const created = await insert({ ...values, firstLoginAt: loginNow ? now() : null });
    return {
      account: created.account,
      token: loginNow ? await sessions.open(created) : null,
      firstTimeLogin: loginNow,
    };
  }

  /** A refused login: its audit row, then `refusal`. */
  async function refused(
    m: Merchant,
    who: { account: string; member?: Member },
    attempt: LoginAttempt,
    reason: string,
    refusal: DomainError,
  ): Promise<never> {
    await logins.failed(m, who, attempt, reason);
    throw refusal;
  }

  /** `tries`: this account's tries in the window, this one included (logins.take). */
  const wrongPassword = (tries: number) =>
    new DomainError(401, 'UNAUTHORIZED', 'Incorrect username or password', undefined, {
      captchaRequired: tries >= CAPTCHA_AFTER_FAILURES,
    });

  /** Spec §4: the default password or an expired one must be changed (username logins only). */
  function changeReason(m: Merchant, member: Member, password: string): 'default' | 'expired' | null {
    if (password === m.settings.defaultPassword) return 'default';
    return passwordChangeOf(m, member, now());
  }

  async function opened(
    m: Merchant,
    member: Member,
    mustChangePassword: 'default' | 'expired' | null,
    attempt: LoginAttempt,
    remember = false,
  ) {
    // Checked once the credentials are proven, so a locked account reveals nothing to a guesser.
    if (member.lockedAt)
      return refused(
        m,
        { account: member.account, member },
        attempt,
        'locked',
        new DomainError(403, 'ACCOUNT_LOCKED', 'This account is locked, please contact customer service'),
      );
    const firstTimeLogin = member.firstLoginAt === null;
    // The default password is known only now, from the login itself: kept, so the server refuses everything but
    // the change until it is made (server/http/standing.ts), whatever the browser does.
    const mark = mustChangePassword === 'default' && !member.mustChangePassword;
    const token = await logins.succeeded(m, member, attempt, async (tx) => {
      if (firstTimeLogin || mark)
        await tx
          .update(members)
          .set({
            ...(firstTimeLogin ? { firstLoginAt: now() } : {}),
            ...(mark ? { mustChangePassword: true } : {}),
          })
          .where(eq(members.id, member.id));
      return sessions.open(member, tx, { remember });
    });
    return { token, firstTimeLogin, mustChangePassword };
  }

  const findMember = async (m: Merchant, where: ReturnType<typeof eq>) =>
    (
      await db
        .select()
        .from(members)
        .where(and(eq(members.merchantCode, m.code), where))
    )[0];

  return {
    settings(m: Merchant) {
      return {
        fields: m.settings.registerFields,
        ageLimit: minimumAgeOf(m.settings),
        countries: m.settings.countries,
        smsVerification: m.settings.features.SMS_VERIFICATION,
      };
    },

    async affiliateValid(m: Merchant, code: string) {
      try {
        return (await uplineOf(m, code)) !== null;
      } catch {
        return false;
      }
    },

    async register(m: Merchant, body: RegisterBody) {
      if (!m.settings.features.USERNAMEREG3) throw new DomainError(403, 'FORBIDDEN', 'Function not enabled');
      enforceRules(
        m.settings.registerFields,
        body,
        ['captcha', 'verificationCode', 'mobileNum'],
        ageCheck(m),
      );
      const uplineId = await uplineOf(m, body.affiliateCode);
      const referredBy = await referrerOf(m, body.referralCode);
      await requireCaptcha(m, body);
      return create(
        {
          merchantCode: m.code,
          account: body.username.toLowerCase(),
          nickname: body.username,
          passwordHash: await hashPassword(body.password),
          email: body.email || null,
          payeeName: body.payeeName || null,
          ...kycOf(m, body),
          uplineId,
          referredBy,
        },
        body.login,
      );
    },

    /** Mobile registration: the account number is generated and returned (spec §4). */
    async registerMobile(m: Merchant, body: RegisterMobileBody) {
      const f = m.settings.features;
      if (!f.MOBILENUMREG3) throw new DomainError(403, 'FORBIDDEN', 'Function not enabled');
      const withPassword = f.MOBILE_REG_WITH_PASSWORD;
      const rules = m.settings.registerFields.filter(
        (r) => withPassword || (r.field !== 'password' && r.field !== 'confirmPassword'),
      );
      enforceRules(
        rules,
        { ...body, mobileNum: body.mobileNum },
        ['captcha', 'verificationCode', 'username'],
        ageCheck(m),
      );
      const uplineId = await uplineOf(m, body.affiliateCode);
      const referredBy = await referrerOf(m, body.referralCode);
      const mobile = normaliseMobile(body.countryDialingCode, body.mobileNum);
      if (body.firebaseIdToken) {
        // Firebase sent and checked the SMS: its token must be for this very number.
        const identity = await firebaseIdentity(m, body.firebaseIdToken);
        if (identity.phoneNumber?.replace(/\D/g, '') !== mobile)
          throw fieldError(400, 'VALIDATION', 'verificationCode', 'Verification code not valid');
      } else if (f.SMS_VERIFICATION) {
        if (!body.verificationCode)
          throw fieldError(400, 'VALIDATION', 'verificationCode', 'Please enter a valid verification code');
        await sms.verify(m, 'register', mobile, body.verificationCode);
      } else await requireCaptcha(m, body);
      const account = `m${String(randomInt(10_000_000, 100_000_000))}`;
      return create(
        {
          merchantCode: m.code,
          account,
          nickname: account,
          passwordHash: await hashPassword(withPassword && body.password ? body.password : newToken()),
          mobile,
          email: body.email || null,
          payeeName: body.payeeName || null,
          ...kycOf(m, body),
          uplineId,
          referredBy,
        },
        body.login,
      );
    },

    /** `address`: the client's, for the audit row. */
    async login(m: Merchant, body: LoginBody, address: string) {
      if (body.type === 'firebase') {
        const attempt = { method: 'social', address } as const;
        const member = await firebaseMember(m, body.idToken).catch((err: unknown) =>
          err instanceof DomainError && err.code === 'UNAUTHORIZED'
            ? refused(m, { account: '' }, attempt, 'token', err)
            : Promise.reject(err),
        );
        return opened(m, member, null, attempt);
      }
      if (body.type === 'sms') {
        if (!m.settings.features.MOBILEVERCODELOGIN3)
          throw new DomainError(403, 'FORBIDDEN', 'Function not enabled');
        const attempt = { method: 'sms', address } as const;
        const mobile = normaliseMobile(body.countryDialingCode, body.mobileNo);
        const member = await findMember(m, eq(members.mobile, mobile));
        const who = { account: member?.account ?? mobile, member };
        // The code's own attempts count the tries (sms.verify): a wrong one is only recorded here.
        await sms
          .verify(m, 'login', mobile, body.verificationCode)
          .catch((err: unknown) =>
            err instanceof DomainError ? refused(m, who, attempt, 'code', err) : Promise.reject(err),
          );
        if (!member)
          return refused(
            m,
            who,
            attempt,
            'unknown number',
            fieldError(400, 'VALIDATION', 'mobileNo', 'This phone number is not registered'),
          );
        return opened(m, member, null, attempt, body.remember);
      }
      const account = body.username.toLowerCase();
      const attempt = { method: 'username', address } as const;
      // Counted before anything is checked: the returned count alone decides whether a captcha is needed.
      const tries = await logins.take(m, account);
      if (tries > CAPTCHA_AFTER_FAILURES && !(await captcha.verify(m, body.captchaId, body.captcha)))
        return refused(
          m,
          { account },
          attempt,
          'captcha',
          new DomainError(
            401,
            'UNAUTHORIZED',
            'Captcha is incorrect, please try again',
            { captcha: 'Captcha is incorrect' },
            { captchaRequired: true },
          ),
        );
      const member = await findMember(m, eq(members.account, account));
      // An unknown name costs the same scrypt work as a known one, so timing does not reveal accounts.
      const valid =
        (await verifyPassword(body.password, member?.passwordHash ?? (await unknownAccountHash))) &&
        member !== undefined &&
        member.agentType !== TRIAL_AGENT_TYPE;
      if (!member || !valid)
        return refused(m, { account, member }, attempt, 'password', wrongPassword(tries));
      // Spec §6: the agent login is for agents; checked after the password so it reveals nothing to a guesser.
      if (body.agent && !(AGENT_TYPES as readonly number[]).includes(member.agentType))
        return refused(
          m,
          { account, member },
          attempt,
          'not an agent',
          new DomainError(403, 'FORBIDDEN', 'Non-agents cannot log in'),
        );
      // A hash of a lower cost than today's is upgraded now that the password is known (unless it just changed).
      if (needsRehash(member.passwordHash))
        await db
          .update(members)
          .set({ passwordHash: await hashPassword(body.password) })
          .where(and(eq(members.id, member.id), eq(members.passwordHash, member.passwordHash)));
      return opened(m, member, changeReason(m, member, body.password), attempt, body.remember);
    },

    /**
     * An account opened directly below an agent (spec §2 register account): registration's username and password
     * rules (no captcha: the agent is logged in); `inTx` writes the agent's audit record with the account.
     */
    async openBelow(
      m: Merchant,
      upline: Member,
      body: { username: string; password: string; confirmPassword: string },
      kind: { agentType: number; affiliateCode: string | null },
      inTx?: AccountHook,
    ): Promise<Member> {
      enforceRules(
        m.settings.registerFields.filter((r) => CREDENTIAL_FIELDS.includes(r.field)),
        body,
      );
      return insert(
        {
          merchantCode: m.code,
          account: body.username.toLowerCase(),
          nickname: body.username,
          passwordHash: await hashPassword(body.password),
          uplineId: upline.id,
          ...kind,
        },
        inTx,
      );
    },

    /** Trial (free play): a fresh account of agent type 4 with a password nobody knows. */
    async freePlay(m: Merchant, address: string) {
      if (!m.settings.features.FREE_PLAY) throw new DomainError(403, 'FORBIDDEN', 'Function not enabled');
      const account = `trial${String(randomInt(10_000_000, 100_000_000))}`;
      const [member] = await db
        .insert(members)
        .values({
          merchantCode: m.code,
          account,
          nickname: account,
          passwordHash: await hashPassword(newToken()),
          agentType: TRIAL_AGENT_TYPE,
          firstLoginAt: now(),
        })
        .returning();
      await deps.onTrialOpened?.(m.code, member!.id);
      const token = await logins.succeeded(m, member!, { method: 'trial', address }, (tx) =>
        sessions.open(member!, tx),
      );
      return { token, account };
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
