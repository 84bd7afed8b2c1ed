import type { ServerText } from '../keys.ts';

/** The server's words to players in ja: the same as the SPA's catalogue (locales/ja/messages.po) where it has them. */
export const ja: Record<ServerText, string> = {
  'Incorrect username or password': 'ユーザー名またはパスワードが正しくありません',
  'This account is locked, please contact customer service':
    'このアカウントはロックされています。カスタマーサービスにお問い合わせください',
  'Not logged in, please login': 'ログインしていません。ログインしてください',
  'Please Register An Account First': 'まずアカウントを登録してください',
  'Function not enabled': '機能が有効になっていません',
  'Captcha is incorrect, please try again': 'キャプチャが正しくありません。もう一度お試しください',
  'Captcha is incorrect': 'キャプチャが正しくありません',
  'Invalid invitation code': '招待コードが無効です',
  'Invalid referral code': '紹介コードが無効です',
  'This phone number is already registered': 'この電話番号はすでに登録されています',
  'This username is already taken': 'このユーザー名はすでに使われています',
  'This phone number is not registered': 'この電話番号は登録されていません',
  'Verification code not valid': '認証コードが無効です',
  'Please enter a valid verification code': '有効な認証コードを入力してください',
  'Verification code not valid, please send again': '認証コードが無効です。もう一度送信してください',
  'Code expired, please send again': 'コードの有効期限が切れました。再送信してください',
  'Too many verification codes today, please try again tomorrow':
    '本日の認証コードの送信回数が上限に達しました。明日もう一度お試しください',
  'Sign-in could not be verified, please try again': 'ログインを確認できませんでした。もう一度お試しください',
  'Please correct the marked fields': '印の付いた項目を修正してください',
  'The site is under maintenance, please come back later':
    'サイトはメンテナンス中です。しばらくしてからお越しください',
  'This site is not available in your region': 'このサイトはお住まいの地域ではご利用いただけません',
  'Please change your password first': '先にパスワードを変更してください',
  'Your account is self-excluded': 'お客様のアカウントは自己除外中です',
  'You are taking a break from play': '現在プレイを休止中です',
  'The old password is incorrect': '現在のパスワードが正しくありません',
  'Choose a new password': '新しいパスワードを設定してください',
  'Incorrect confirmation input': '確認の入力が一致しません',
  'Input must not be empty': '入力は必須です',
  'This code is not valid or has expired, please ask for a new one':
    'このコードは無効か期限切れです。新しいコードを請求してください',
  'The password is incorrect': 'パスワードが正しくありません',
  'Insufficient balance': '残高不足',
  'The end date is before the start': '終了日が開始日より前です',
  'Deposits are paused during your break from play': '休止期間中は入金を停止しています',
  'This channel is not available': 'このチャネルは利用できません',
  'The payment provider is not answering: try again or choose another way':
    '決済サービスから応答がありません。もう一度お試しいただくか、別の方法をお選びください',
  'The payment password is locked, try again later':
    '支払いパスワードはロックされています。しばらくしてからお試しください',
  'Too many wrong payment passwords: it is locked for 15 minutes':
    '支払いパスワードの誤りが多すぎるため、15分間ロックされています',
  'Betting is closed for this draw': 'この抽選のベットは締め切られました',
  'This draw is not on sale yet': 'この抽選はまだ販売されていません',
  'Over the most you may stake on one draw': '1回の抽選でベットできる上限を超えています',
  'Some bets are not valid': '一部のベットが無効です',
  'The numbers must be different': '番号はすべて異なる必要があります',
  'No such game': 'このゲームは存在しません',
  'The game is under maintenance, please see other popular games':
    'このゲームはメンテナンス中です。他の人気ゲームをご覧ください',
  'This mission is not complete yet': 'このミッションはまだ完了していません',
  'This promo code is already in use': 'このプロモコードはすでに使用されています',
  'This promotion is not running': 'このプロモーションは現在実施されていません',
  'This rebate has just been claimed': 'このリベートはたった今受け取られました',
  'This reward is no longer offered': 'この報酬はもう提供されていません',
  'This ticket has expired and can no longer be opened': 'このチケットは期限切れのため、開封できません',
  'Too many requests, try again in {seconds} s':
    'リクエストが多すぎます。{seconds}秒後にもう一度お試しください',
  'Too many requests, try again later': 'リクエストが多すぎます。しばらくしてからお試しください',
  'Temporarily unavailable, please try again shortly':
    '一時的に利用できません。しばらくしてからお試しください',
  'Something went wrong, please try again': 'エラーが発生しました。もう一度お試しください',
  'A code was just sent to this number, please wait before asking again':
    'この番号にコードを送信したばかりです。しばらくしてから再度お申し込みください',
  'Please enter a valid mobile number': '有効な携帯電話番号を入力してください',
  'Please enter the code': 'コードを入力してください',
  'Please enter your password': 'パスワードを入力してください',
  'The code is 6 digits': 'コードは6桁です',
  'The payment password is 6 digits': '支払いパスワードは 6 桁です',
  'Amount must be a number': '金額は数字で入力してください',
  'Unknown promo code': 'このプロモコードは存在しません',
  'Non-agents cannot log in': 'エージェント以外はログインできません',
  'This site uses a single wallet: no transfers are needed':
    'このサイトはシングルウォレットのため、振替は不要です',
  'You have no upline to transfer to': '振替先のアップラインがいません',
  Required: '必須',
  'Invalid value': '無効な値です',
};
