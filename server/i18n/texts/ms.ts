import type { ServerText } from '../keys.ts';

/** The server's words to players in ms: the same as the SPA's catalogue (locales/ms/messages.po) where it has them. */
export const ms: Record<ServerText, string> = {
  'Incorrect username or password': 'Nama pengguna atau kata laluan salah',
  'This account is locked, please contact customer service':
    'Akaun ini dikunci, sila hubungi khidmat pelanggan',
  'Not logged in, please login': 'Belum log masuk, sila log masuk',
  'Please Register An Account First': 'Sila Daftar Akaun Dahulu',
  'Function not enabled': 'Fungsi tidak didayakan',
  'Captcha is incorrect, please try again': 'Captcha salah, sila cuba lagi',
  'Captcha is incorrect': 'Captcha salah',
  'Invalid invitation code': 'Kod jemputan tidak sah',
  'Invalid referral code': 'Kod rujukan tidak sah',
  'This phone number is already registered': 'Nombor telefon ini sudah didaftarkan',
  'This username is already taken': 'Nama pengguna ini sudah diambil',
  'This phone number is not registered': 'Nombor telefon ini belum didaftarkan',
  'Verification code not valid': 'Kod pengesahan tidak sah',
  'Please enter a valid verification code': 'Sila masukkan kod pengesahan yang sah',
  'Verification code not valid, please send again': 'Kod pengesahan tidak sah, sila hantar semula',
  'Code expired, please send again': 'Kod telah tamat tempoh, sila hantar semula',
  'Too many verification codes today, please try again tomorrow':
    'Terlalu banyak kod pengesahan hari ini, sila cuba lagi esok',
  'Sign-in could not be verified, please try again': 'Log masuk tidak dapat disahkan, sila cuba lagi',
  'Please correct the marked fields': 'Sila betulkan medan yang ditandakan',
  'The site is under maintenance, please come back later':
    'Laman sedang dalam penyelenggaraan, sila kembali kemudian',
  'This site is not available in your region': 'Laman ini tidak tersedia di rantau anda',
  'Please change your password first': 'Sila tukar kata laluan anda dahulu',
  'Your account is self-excluded': 'Akaun anda dalam pengecualian diri',
  'You are taking a break from play': 'Anda sedang berehat daripada bermain',
  'The old password is incorrect': 'Kata laluan lama salah',
  'Choose a new password': 'Pilih kata laluan baharu',
  'Incorrect confirmation input': 'Input pengesahan tidak betul',
  'Input must not be empty': 'Input tidak boleh kosong',
  'This code is not valid or has expired, please ask for a new one':
    'Kod ini tidak sah atau telah tamat tempoh, sila minta kod baharu',
  'The password is incorrect': 'Kata laluan salah',
  'Insufficient balance': 'Baki tidak mencukupi',
  'The end date is before the start': 'Tarikh tamat sebelum tarikh mula',
  'Deposits are paused during your break from play': 'Deposit digantung semasa anda berehat daripada bermain',
  'This channel is not available': 'Saluran ini tidak tersedia',
  'The payment provider is not answering: try again or choose another way':
    'Penyedia pembayaran tidak menjawab: cuba lagi atau pilih cara lain',
  'The payment password is locked, try again later':
    'Kata laluan pembayaran dikunci, sila cuba lagi kemudian',
  'Too many wrong payment passwords: it is locked for 15 minutes':
    'Terlalu banyak kata laluan pembayaran salah: dikunci selama 15 minit',
  'Betting is closed for this draw': 'Pertaruhan untuk cabutan ini telah ditutup',
  'This draw is not on sale yet': 'Cabutan ini belum dibuka untuk jualan',
  'Over the most you may stake on one draw': 'Melebihi pertaruhan maksimum bagi satu cabutan',
  'Some bets are not valid': 'Sesetengah pertaruhan tidak sah',
  'The numbers must be different': 'Nombor mestilah berbeza',
  'No such game': 'Permainan ini tidak wujud',
  'The game is under maintenance, please see other popular games':
    'Permainan dalam penyelenggaraan, sila lihat permainan popular lain',
  'This mission is not complete yet': 'Misi ini belum selesai',
  'This promo code is already in use': 'Kod promo ini sudah digunakan',
  'This promotion is not running': 'Promosi ini tidak sedang berjalan',
  'This rebate has just been claimed': 'Rebat ini baru sahaja dituntut',
  'This reward is no longer offered': 'Ganjaran ini tidak lagi ditawarkan',
  'This ticket has expired and can no longer be opened':
    'Tiket ini telah tamat tempoh dan tidak boleh dibuka lagi',
  'Too many requests, try again in {seconds} s': 'Terlalu banyak permintaan, cuba lagi dalam {seconds} saat',
  'Too many requests, try again later': 'Terlalu banyak permintaan, cuba lagi kemudian',
  'Temporarily unavailable, please try again shortly':
    'Tidak tersedia buat sementara waktu, sila cuba lagi sebentar lagi',
  'Something went wrong, please try again': 'Berlaku ralat, sila cuba lagi',
  'A code was just sent to this number, please wait before asking again':
    'Kod baru sahaja dihantar ke nombor ini, sila tunggu sebelum meminta lagi',
  'Please enter a valid mobile number': 'Sila masukkan nombor telefon bimbit yang sah',
  'Please enter the code': 'Sila masukkan kod',
  'Please enter your password': 'Sila masukkan kata laluan anda',
  'The code is 6 digits': 'Kod ialah 6 digit',
  'The payment password is 6 digits': 'Kata laluan pembayaran ialah 6 digit',
  'Amount must be a number': 'Jumlah mestilah nombor',
  'Unknown promo code': 'Kod promo tidak dikenali',
  'Non-agents cannot log in': 'Akaun bukan ejen tidak boleh log masuk',
  'This site uses a single wallet: no transfers are needed':
    'Laman ini menggunakan satu dompet: tiada pemindahan diperlukan',
  'You have no upline to transfer to': 'Anda tiada upline untuk dipindahkan',
  Required: 'Wajib',
  'Invalid value': 'Nilai tidak sah',
};
