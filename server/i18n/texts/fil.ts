import type { ServerText } from '../keys.ts';

/** The server's words to players in fil: the same as the SPA's catalogue (locales/fil/messages.po) where it has them. */
export const fil: Record<ServerText, string> = {
  'Incorrect username or password': 'Mali ang username o password',
  'This account is locked, please contact customer service':
    'Naka-lock ang account na ito, makipag-ugnayan sa customer service',
  'Not logged in, please login': 'Hindi naka-log in, mag-login muna',
  'Please Register An Account First': 'Mag-register Muna ng Account',
  'Function not enabled': 'Hindi naka-enable ang function',
  'Captcha is incorrect, please try again': 'Mali ang captcha, pakisubukang muli',
  'Captcha is incorrect': 'Mali ang captcha',
  'Invalid invitation code': 'Invalid na invitation code',
  'Invalid referral code': 'Hindi valid ang referral code',
  'This phone number is already registered': 'Nakarehistro na ang numero ng teleponong ito',
  'This username is already taken': 'May gumagamit na ng username na ito',
  'This phone number is not registered': 'Hindi nakarehistro ang numero ng teleponong ito',
  'Verification code not valid': 'Hindi valid ang verification code',
  'Please enter a valid verification code': 'Maglagay ng valid na verification code',
  'Verification code not valid, please send again': 'Hindi valid ang verification code, pakipadala ulit',
  'Code expired, please send again': 'Expired na ang code, ipadala muli',
  'Too many verification codes today, please try again tomorrow':
    'Masyadong maraming verification code ngayong araw, pakisubukang muli bukas',
  'Sign-in could not be verified, please try again': 'Hindi ma-verify ang pag-sign in, pakisubukang muli',
  'Please correct the marked fields': 'Pakiayos ang mga minarkahang field',
  'The site is under maintenance, please come back later': 'Naka-maintenance ang site, pakibalikan mamaya',
  'This site is not available in your region': 'Hindi available ang site na ito sa iyong rehiyon',
  'Please change your password first': 'Palitan muna ang iyong password',
  'Your account is self-excluded': 'Naka-self-exclude ang iyong account',
  'You are taking a break from play': 'Naka-break ka sa paglalaro',
  'The old password is incorrect': 'Mali ang lumang password',
  'Choose a new password': 'Pumili ng bagong password',
  'Incorrect confirmation input': 'Mali ang input ng kumpirmasyon',
  'Input must not be empty': 'Hindi dapat walang laman ang input',
  'This code is not valid or has expired, please ask for a new one':
    'Hindi valid o expired na ang code na ito, humingi ng bago',
  'The password is incorrect': 'Mali ang password',
  'Insufficient balance': 'Kulang ang balance',
  'The end date is before the start': 'Nauuna ang end date sa simula',
  'Deposits are paused during your break from play':
    'Naka-pause ang mga deposito habang naka-break ka sa paglalaro',
  'This channel is not available': 'Hindi available ang channel na ito',
  'The payment provider is not answering: try again or choose another way':
    'Hindi sumasagot ang payment provider: subukang muli o pumili ng ibang paraan',
  'The payment password is locked, try again later': 'Naka-lock ang payment password, subukang muli mamaya',
  'Too many wrong payment passwords: it is locked for 15 minutes':
    'Masyadong maraming maling payment password: naka-lock ito nang 15 minuto',
  'Betting is closed for this draw': 'Sarado na ang taya para sa draw na ito',
  'This draw is not on sale yet': 'Hindi pa bukas ang benta para sa draw na ito',
  'Over the most you may stake on one draw': 'Lampas sa pinakamalaking taya para sa isang draw',
  'Some bets are not valid': 'May mga tayang hindi valid',
  'The numbers must be different': 'Dapat magkakaiba ang mga numero',
  'No such game': 'Walang ganitong laro',
  'The game is under maintenance, please see other popular games':
    'Under maintenance ang laro, tingnan ang iba pang sikat na laro',
  'This mission is not complete yet': 'Hindi pa tapos ang mission na ito',
  'This promo code is already in use': 'Nagamit na ang promo code na ito',
  'This promotion is not running': 'Hindi tumatakbo ang promo na ito',
  'This rebate has just been claimed': 'Kaka-claim lang ng rebate na ito',
  'This reward is no longer offered': 'Hindi na iniaalok ang reward na ito',
  'This ticket has expired and can no longer be opened':
    'Expired na ang ticket na ito at hindi na mabubuksan',
  'Too many requests, try again in {seconds} s':
    'Masyadong maraming request, subukang muli pagkalipas ng {seconds} segundo',
  'Too many requests, try again later': 'Masyadong maraming request, subukang muli mamaya',
  'Temporarily unavailable, please try again shortly':
    'Pansamantalang hindi available, subukang muli maya-maya',
  'Something went wrong, please try again': 'Nagkaproblema, subukang muli',
  'A code was just sent to this number, please wait before asking again':
    'Kapapadala lang ng code sa numerong ito, maghintay muna bago humingi ulit',
  'Please enter a valid mobile number': 'Maglagay ng valid na mobile number',
  'Please enter the code': 'Ilagay ang code',
  'Please enter your password': 'Ilagay ang iyong password',
  'The code is 6 digits': '6 na digit ang code',
  'The payment password is 6 digits': '6 digit ang payment password',
  'Amount must be a number': 'Dapat numero ang halaga',
  'Unknown promo code': 'Hindi kilala ang promo code',
  'Non-agents cannot log in': 'Hindi makakapag-log in ang hindi agent',
  'This site uses a single wallet: no transfers are needed':
    'Iisang wallet ang gamit ng site na ito: hindi kailangan ng transfer',
  'You have no upline to transfer to': 'Wala kang upline na mapaglilipatan',
  Required: 'Kailangan',
  'Invalid value': 'Hindi valid na value',
};
