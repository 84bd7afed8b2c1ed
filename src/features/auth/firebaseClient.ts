import { initializeApp } from 'firebase/app';
import {
  FacebookAuthProvider,
  GoogleAuthProvider,
  getAuth,
  OAuthProvider,
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

/** Signs in with the provider's popup and returns the Firebase ID token the server verifies. */
export async function signInWithProvider(
  options: FirebaseOptions,
  provider: SocialProvider,
): Promise<string> {
  const app = initializeApp(options, `portico-${options.projectId}`);
  const result = await signInWithPopup(getAuth(app), providers[provider]());
  return result.user.getIdToken();
}
