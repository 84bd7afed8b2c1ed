/**
 * What the server says to players in English, word for word as the modules throw it: the keys of every language's
 * table in ./texts (a `{name}` stands for a part of the message that varies and is kept as it is). Texts only
 * operators or vendors read (back office, seamless wallet, signatures) stay English and are not listed.
 */
export const SERVER_TEXTS = [
  // Signing in and registering (spec §4, §8)
  'Incorrect username or password',
  'This account is locked, please contact customer service',
  'Not logged in, please login',
  'Please Register An Account First',
  'Function not enabled',
  'Captcha is incorrect, please try again',
  'Captcha is incorrect',
  'Invalid invitation code',
  'Invalid referral code',
  'This phone number is already registered',
  'This username is already taken',
  'This phone number is not registered',
  'Verification code not valid',
  'Please enter a valid verification code',
  'Verification code not valid, please send again',
  'Code expired, please send again',
  'Too many verification codes today, please try again tomorrow',
  'Sign-in could not be verified, please try again',
  'Please correct the marked fields',
  // The member's standing (contract/standing.ts)
  'The site is under maintenance, please come back later',
  'This site is not available in your region',
  'Please change your password first',
  'Your account is self-excluded',
  'You are taking a break from play',
  // Account and password
  'The old password is incorrect',
  'Choose a new password',
  'Incorrect confirmation input',
  'Input must not be empty',
  'This code is not valid or has expired, please ask for a new one',
  'The password is incorrect',
  // Wallet and payments
  'Insufficient balance',
  'The end date is before the start',
  'Deposits are paused during your break from play',
  'This channel is not available',
  'The payment provider is not answering: try again or choose another way',
  'The payment password is locked, try again later',
  'Too many wrong payment passwords: it is locked for 15 minutes',
  // Lottery
  'Betting is closed for this draw',
  'This draw is not on sale yet',
  'Over the most you may stake on one draw',
  'Some bets are not valid',
  'The numbers must be different',
  // Games
  'No such game',
  'The game is under maintenance, please see other popular games',
  // Rewards and promotions
  'This mission is not complete yet',
  'This promo code is already in use',
  'This promotion is not running',
  'This rebate has just been claimed',
  'This reward is no longer offered',
  'This ticket has expired and can no longer be opened',
  // Any call
  'Too many requests, try again in {seconds} s',
  'Too many requests, try again later',
  'Temporarily unavailable, please try again shortly',
  'Something went wrong, please try again',
  // Forms the SPA checks first (contract schemas), and the rarer refusals
  'A code was just sent to this number, please wait before asking again',
  'Please enter a valid mobile number',
  'Please enter the code',
  'Please enter your password',
  'The code is 6 digits',
  'The payment password is 6 digits',
  'Amount must be a number',
  'Unknown promo code',
  'Non-agents cannot log in',
  'This site uses a single wallet: no transfers are needed',
  'You have no upline to transfer to',
  'Required',
  /** A field's input its schema refuses, where the schema library has no words in the language. */
  'Invalid value',
] as const;

export type ServerText = (typeof SERVER_TEXTS)[number];
