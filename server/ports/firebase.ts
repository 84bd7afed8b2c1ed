import { createLocalJWKSet, createRemoteJWKSet, type JSONWebKeySet, jwtVerify } from 'jose';

/** What a verified Firebase ID token says about its user. */
export interface FirebaseIdentity {
  uid: string;
  email?: string;
  phoneNumber?: string;
  name?: string;
}

/** Verifies Firebase ID tokens of a project (issuer, audience, expiry and Google's signature). */
export interface FirebasePort {
  verify(idToken: string, projectId: string): Promise<FirebaseIdentity>;
}

/** Google's published signing keys of Firebase Auth ID tokens. */
export const FIREBASE_JWKS_URL =
  'https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com';

/** `keys`: the remote JWKS by default; tests pass a local key set. */
export function firebaseVerifier(keys: JSONWebKeySet | URL = new URL(FIREBASE_JWKS_URL)): FirebasePort {
  const keySet = keys instanceof URL ? createRemoteJWKSet(keys) : createLocalJWKSet(keys);
  return {
    async verify(idToken, projectId) {
      const { payload } = await jwtVerify(idToken, keySet, {
        issuer: `https://securetoken.google.com/${projectId}`,
        audience: projectId,
        algorithms: ['RS256'],
      });
      if (!payload.sub) throw new Error('Firebase token without a user');
      return {
        uid: payload.sub,
        email: typeof payload.email === 'string' ? payload.email : undefined,
        phoneNumber: typeof payload.phone_number === 'string' ? payload.phone_number : undefined,
        name: typeof payload.name === 'string' ? payload.name : undefined,
      };
    },
  };
}

/** Where the Firebase Auth web SDK loads from and talks to (for the Content-Security-Policy). */
export const FIREBASE_ORIGINS = {
  scripts: ['https://apis.google.com', 'https://www.gstatic.com', 'https://www.google.com'],
  frames: ['https://*.firebaseapp.com', 'https://www.google.com', 'https://recaptcha.google.com'],
  apis: [
    'https://identitytoolkit.googleapis.com',
    'https://securetoken.googleapis.com',
    'https://www.googleapis.com',
  ],
};
