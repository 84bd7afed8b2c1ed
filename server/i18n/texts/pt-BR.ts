import type { ServerText } from '../keys.ts';

/** The server's words to players in pt-BR: the same as the SPA's catalogue (locales/pt-BR/messages.po) where it has them. */
export const ptBR: Record<ServerText, string> = {
  'Incorrect username or password': 'Nome de usuário ou senha incorretos',
  'This account is locked, please contact customer service':
    'Esta conta está bloqueada, entre em contato com o atendimento',
  'Not logged in, please login': 'Você não está conectado, faça login',
  'Please Register An Account First': 'Cadastre uma Conta Primeiro',
  'Function not enabled': 'Função não ativada',
  'Captcha is incorrect, please try again': 'Captcha incorreto, tente novamente',
  'Captcha is incorrect': 'Captcha incorreto',
  'Invalid invitation code': 'Código de convite inválido',
  'Invalid referral code': 'Código de indicação inválido',
  'This phone number is already registered': 'Este número de telefone já está cadastrado',
  'This username is already taken': 'Este nome de usuário já está em uso',
  'This phone number is not registered': 'Este número de telefone não está cadastrado',
  'Verification code not valid': 'Código de verificação inválido',
  'Please enter a valid verification code': 'Digite um código de verificação válido',
  'Verification code not valid, please send again': 'Código de verificação inválido, envie novamente',
  'Code expired, please send again': 'Código expirado, envie novamente',
  'Too many verification codes today, please try again tomorrow':
    'Muitos códigos de verificação hoje, tente novamente amanhã',
  'Sign-in could not be verified, please try again': 'Não foi possível verificar o login, tente novamente',
  'Please correct the marked fields': 'Corrija os campos marcados',
  'The site is under maintenance, please come back later': 'O site está em manutenção, volte mais tarde',
  'This site is not available in your region': 'Este site não está disponível na sua região',
  'Please change your password first': 'Altere sua senha primeiro',
  'Your account is self-excluded': 'Sua conta está em autoexclusão',
  'You are taking a break from play': 'Você está em uma pausa do jogo',
  'The old password is incorrect': 'A senha antiga está incorreta',
  'Choose a new password': 'Escolha uma nova senha',
  'Incorrect confirmation input': 'Confirmação digitada incorreta',
  'Input must not be empty': 'O campo não pode ficar vazio',
  'This code is not valid or has expired, please ask for a new one':
    'Este código é inválido ou expirou, peça um novo',
  'The password is incorrect': 'A senha está incorreta',
  'Insufficient balance': 'Saldo insuficiente',
  'The end date is before the start': 'A data final é anterior à inicial',
  'Deposits are paused during your break from play': 'Os depósitos ficam suspensos durante a sua pausa',
  'This channel is not available': 'Este canal não está disponível',
  'The payment provider is not answering: try again or choose another way':
    'O provedor de pagamento não está respondendo: tente novamente ou escolha outra forma',
  'The payment password is locked, try again later':
    'A senha de pagamento está bloqueada, tente novamente mais tarde',
  'Too many wrong payment passwords: it is locked for 15 minutes':
    'Senhas de pagamento erradas demais: bloqueada por 15 minutos',
  'Betting is closed for this draw': 'As apostas para este sorteio estão encerradas',
  'This draw is not on sale yet': 'Este sorteio ainda não está à venda',
  'Over the most you may stake on one draw': 'Acima do máximo que você pode apostar em um sorteio',
  'Some bets are not valid': 'Algumas apostas não são válidas',
  'The numbers must be different': 'Os números devem ser diferentes',
  'No such game': 'Este jogo não existe',
  'The game is under maintenance, please see other popular games':
    'O jogo está em manutenção, veja outros jogos populares',
  'This mission is not complete yet': 'Esta missão ainda não foi concluída',
  'This promo code is already in use': 'Este código promocional já está em uso',
  'This promotion is not running': 'Esta promoção não está em andamento',
  'This rebate has just been claimed': 'Este rebate acabou de ser resgatado',
  'This reward is no longer offered': 'Esta recompensa não é mais oferecida',
  'This ticket has expired and can no longer be opened': 'Este bilhete expirou e não pode mais ser aberto',
  'Too many requests, try again in {seconds} s': 'Muitas solicitações, tente novamente em {seconds} s',
  'Too many requests, try again later': 'Muitas solicitações, tente novamente mais tarde',
  'Temporarily unavailable, please try again shortly':
    'Indisponível no momento, tente novamente em instantes',
  'Something went wrong, please try again': 'Algo deu errado, tente novamente',
  'Invalid value': 'Valor inválido',
};
