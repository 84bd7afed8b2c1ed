import { getApps, initializeApp } from 'firebase/app';
import {
  type ConfirmationResult,
  FacebookAuthProvider,
  GoogleAuthProvider,
  getAuth,
  OAuthProvider,
  RecaptchaVerifier,
  signInWithPhoneNumber,
  signInWithPopup,
} from 'firebase/auth';
import type { FirebaseOptions } from '../../../contract/system.ts';

/** Loaded on demand only (a dynamic import): Firebase never weighs on the portal's first load. */
export type SocialProvider = 'google' | 'facebook' | 'telegram';

const providers = {
  google: () => new GoogleAuthProvider(),
  facebook: () => new FacebookAuthProvider(),
  // Telegram signs in through the merchant's OpenID Connect provider configured in Firebase.
  telegram: () => new OAuthProvider('oidc.telegram'),
};

/** One Firebase app per merchant project, created on first use. */
function appFor(options: FirebaseOptions) {
  const name = `portico-${options.projectId}`;
  return getApps().find((a) => a.name === name) ?? initializeApp(options, name);
}

/** Signs in with the provider's popup and returns the Firebase ID token the server verifies. */
export async function signInWithProvider(
  options: FirebaseOptions,
  provider: SocialProvider,
): Promise<string> {
  const result = await signInWithPopup(getAuth(appFor(options)), providers[provider]());
  return result.user.getIdToken();
}

/** The pending phone sign-in between "send code" and "confirm code" (one SMS flow at a time). */
let pendingConfirmation: ConfirmationResult | null = null;

/**
 * Firebase SMS (spec §4, §9: the button counts 60 s): an invisible reCAPTCHA on `container`, then the code goes to
 * `phoneNumber` (E.164, "+84901234567").
 */
export async function sendFirebaseSms(options: FirebaseOptions, phoneNumber: string, container: HTMLElement) {
  const auth = getAuth(appFor(options));
  const verifier = new RecaptchaVerifier(auth, container, { size: 'invisible' });
  pendingConfirmation = await signInWithPhoneNumber(auth, phoneNumber, verifier);
}

/** Confirms the SMS code with Firebase; the ID token proves the number to our server. */
export async function confirmFirebaseSms(code: string): Promise<string> {
  if (!pendingConfirmation) throw Object.assign(new Error('No code was sent'), { code: 'auth/code-expired' });
  const credential = await pendingConfirmation.confirm(code);
  pendingConfirmation = null;
  return credential.user.getIdToken();
}
