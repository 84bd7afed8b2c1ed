import type { ServerText } from '../keys.ts';

/** The server's words to players in es: the same as the SPA's catalogue (locales/es/messages.po) where it has them. */
export const es: Record<ServerText, string> = {
  'Incorrect username or password': 'Usuario o contraseña incorrectos',
  'This account is locked, please contact customer service':
    'Esta cuenta está bloqueada, contacta con atención al cliente',
  'Not logged in, please login': 'No has iniciado sesión, inicia sesión',
  'Please Register An Account First': 'Primero Registra una Cuenta',
  'Function not enabled': 'Función no activada',
  'Captcha is incorrect, please try again': 'El captcha es incorrecto, inténtalo de nuevo',
  'Captcha is incorrect': 'El captcha es incorrecto',
  'Invalid invitation code': 'Código de invitación no válido',
  'Invalid referral code': 'Código de referido no válido',
  'This phone number is already registered': 'Este número de teléfono ya está registrado',
  'This username is already taken': 'Este nombre de usuario ya está en uso',
  'This phone number is not registered': 'Este número de teléfono no está registrado',
  'Verification code not valid': 'Código de verificación no válido',
  'Please enter a valid verification code': 'Ingresa un código de verificación válido',
  'Verification code not valid, please send again': 'Código de verificación no válido, vuelve a enviarlo',
  'Code expired, please send again': 'Código vencido, envíalo de nuevo',
  'Too many verification codes today, please try again tomorrow':
    'Demasiados códigos de verificación hoy, inténtalo de nuevo mañana',
  'Sign-in could not be verified, please try again':
    'No se pudo verificar el inicio de sesión, inténtalo de nuevo',
  'Please correct the marked fields': 'Corrige los campos marcados',
  'The site is under maintenance, please come back later': 'El sitio está en mantenimiento, vuelve más tarde',
  'This site is not available in your region': 'Este sitio no está disponible en tu región',
  'Please change your password first': 'Primero cambia tu contraseña',
  'Your account is self-excluded': 'Tu cuenta está en autoexclusión',
  'You are taking a break from play': 'Estás tomando un descanso del juego',
  'The old password is incorrect': 'La contraseña anterior es incorrecta',
  'Choose a new password': 'Elige una contraseña nueva',
  'Incorrect confirmation input': 'Confirmación ingresada incorrecta',
  'Input must not be empty': 'El campo no puede estar vacío',
  'This code is not valid or has expired, please ask for a new one':
    'Este código no es válido o ha caducado, pide uno nuevo',
  'The password is incorrect': 'La contraseña es incorrecta',
  'Insufficient balance': 'Saldo insuficiente',
  'The end date is before the start': 'La fecha final es anterior a la inicial',
  'Deposits are paused during your break from play':
    'Los depósitos están en pausa durante tu descanso del juego',
  'This channel is not available': 'Este canal no está disponible',
  'The payment provider is not answering: try again or choose another way':
    'El proveedor de pagos no responde: inténtalo de nuevo o elige otra forma',
  'The payment password is locked, try again later':
    'La contraseña de pago está bloqueada, inténtalo más tarde',
  'Too many wrong payment passwords: it is locked for 15 minutes':
    'Demasiadas contraseñas de pago incorrectas: bloqueada durante 15 minutos',
  'Betting is closed for this draw': 'Las apuestas para este sorteo están cerradas',
  'This draw is not on sale yet': 'Este sorteo aún no está a la venta',
  'Over the most you may stake on one draw': 'Supera lo máximo que puedes apostar en un sorteo',
  'Some bets are not valid': 'Algunas apuestas no son válidas',
  'The numbers must be different': 'Los números deben ser distintos',
  'No such game': 'Este juego no existe',
  'The game is under maintenance, please see other popular games':
    'El juego está en mantenimiento, consulta otros juegos populares',
  'This mission is not complete yet': 'Esta misión aún no está completa',
  'This promo code is already in use': 'Este código promocional ya está en uso',
  'This promotion is not running': 'Esta promoción no está activa',
  'This rebate has just been claimed': 'Este rebate se acaba de reclamar',
  'This reward is no longer offered': 'Esta recompensa ya no se ofrece',
  'This ticket has expired and can no longer be opened': 'Este ticket ha caducado y ya no se puede abrir',
  'Too many requests, try again in {seconds} s': 'Demasiadas solicitudes, inténtalo de nuevo en {seconds} s',
  'Too many requests, try again later': 'Demasiadas solicitudes, inténtalo más tarde',
  'Temporarily unavailable, please try again shortly':
    'No disponible temporalmente, inténtalo de nuevo en un momento',
  'Something went wrong, please try again': 'Algo salió mal, inténtalo de nuevo',
  'A code was just sent to this number, please wait before asking again':
    'Acabamos de enviar un código a este número, espera antes de pedir otro',
  'Please enter a valid mobile number': 'Ingresa un número de celular válido',
  'Please enter the code': 'Ingresa el código',
  'Please enter your password': 'Ingresa tu contraseña',
  'The code is 6 digits': 'El código tiene 6 dígitos',
  'The payment password is 6 digits': 'La contraseña de pago tiene 6 dígitos',
  'Amount must be a number': 'El monto debe ser un número',
  'Unknown promo code': 'Código promocional desconocido',
  'Non-agents cannot log in': 'Solo los agentes pueden iniciar sesión aquí',
  'This site uses a single wallet: no transfers are needed':
    'Este sitio usa una sola billetera: no hace falta transferir',
  'You have no upline to transfer to': 'No tienes un upline al que transferir',
  Required: 'Obligatorio',
  'Invalid value': 'Valor no válido',
};
