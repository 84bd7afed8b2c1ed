import type { ServerText } from '../keys.ts';

/** The server's words to players in id: the same as the SPA's catalogue (locales/id/messages.po) where it has them. */
export const id: Record<ServerText, string> = {
  'Incorrect username or password': 'Nama pengguna atau kata sandi salah',
  'This account is locked, please contact customer service':
    'Akun ini dikunci, silakan hubungi layanan pelanggan',
  'Not logged in, please login': 'Belum login, silakan login',
  'Please Register An Account First': 'Silakan Daftar Akun Terlebih Dahulu',
  'Function not enabled': 'Fitur belum diaktifkan',
  'Captcha is incorrect, please try again': 'Captcha salah, silakan coba lagi',
  'Captcha is incorrect': 'Captcha salah',
  'Invalid invitation code': 'Kode undangan tidak valid',
  'Invalid referral code': 'Kode referral tidak valid',
  'This phone number is already registered': 'Nomor telepon ini sudah terdaftar',
  'This username is already taken': 'Nama pengguna ini sudah dipakai',
  'This phone number is not registered': 'Nomor telepon ini belum terdaftar',
  'Verification code not valid': 'Kode verifikasi tidak valid',
  'Please enter a valid verification code': 'Masukkan kode verifikasi yang valid',
  'Verification code not valid, please send again': 'Kode verifikasi tidak valid, silakan kirim ulang',
  'Code expired, please send again': 'Kode kedaluwarsa, silakan kirim lagi',
  'Too many verification codes today, please try again tomorrow':
    'Terlalu banyak kode verifikasi hari ini, silakan coba lagi besok',
  'Sign-in could not be verified, please try again': 'Login tidak dapat diverifikasi, silakan coba lagi',
  'Please correct the marked fields': 'Perbaiki kolom yang ditandai',
  'The site is under maintenance, please come back later':
    'Situs sedang dalam pemeliharaan, silakan kembali nanti',
  'This site is not available in your region': 'Situs ini tidak tersedia di wilayah Anda',
  'Please change your password first': 'Silakan ganti kata sandi Anda terlebih dahulu',
  'Your account is self-excluded': 'Akun Anda dalam pengecualian diri',
  'You are taking a break from play': 'Anda sedang dalam jeda bermain',
  'The old password is incorrect': 'Kata sandi lama salah',
  'Choose a new password': 'Pilih kata sandi baru',
  'Incorrect confirmation input': 'Input konfirmasi salah',
  'Input must not be empty': 'Input tidak boleh kosong',
  'This code is not valid or has expired, please ask for a new one':
    'Kode ini tidak valid atau sudah kedaluwarsa, silakan minta kode baru',
  'The password is incorrect': 'Kata sandi salah',
  'Insufficient balance': 'Saldo tidak cukup',
  'The end date is before the start': 'Tanggal akhir sebelum tanggal mulai',
  'Deposits are paused during your break from play': 'Deposit dihentikan sementara selama jeda bermain Anda',
  'This channel is not available': 'Channel ini tidak tersedia',
  'The payment provider is not answering: try again or choose another way':
    'Penyedia pembayaran tidak merespons: coba lagi atau pilih cara lain',
  'The payment password is locked, try again later':
    'Kata sandi pembayaran terkunci, silakan coba lagi nanti',
  'Too many wrong payment passwords: it is locked for 15 minutes':
    'Terlalu banyak kata sandi pembayaran yang salah: terkunci selama 15 menit',
  'Betting is closed for this draw': 'Taruhan untuk undian ini sudah ditutup',
  'This draw is not on sale yet': 'Undian ini belum dibuka',
  'Over the most you may stake on one draw': 'Melebihi taruhan maksimum untuk satu undian',
  'Some bets are not valid': 'Beberapa taruhan tidak valid',
  'The numbers must be different': 'Angka harus berbeda',
  'No such game': 'Game ini tidak ada',
  'The game is under maintenance, please see other popular games':
    'Game sedang dalam pemeliharaan, silakan lihat game populer lainnya',
  'This mission is not complete yet': 'Misi ini belum selesai',
  'This promo code is already in use': 'Kode promo ini sudah digunakan',
  'This promotion is not running': 'Promosi ini tidak sedang berjalan',
  'This rebate has just been claimed': 'Rebate ini baru saja diklaim',
  'This reward is no longer offered': 'Hadiah ini tidak lagi ditawarkan',
  'This ticket has expired and can no longer be opened':
    'Tiket ini sudah kedaluwarsa dan tidak dapat dibuka lagi',
  'Too many requests, try again in {seconds} s': 'Terlalu banyak permintaan, coba lagi dalam {seconds} detik',
  'Too many requests, try again later': 'Terlalu banyak permintaan, coba lagi nanti',
  'Temporarily unavailable, please try again shortly':
    'Sementara tidak tersedia, silakan coba lagi sebentar lagi',
  'Something went wrong, please try again': 'Terjadi kesalahan, silakan coba lagi',
  'A code was just sent to this number, please wait before asking again':
    'Kode baru saja dikirim ke nomor ini, harap tunggu sebelum meminta lagi',
  'Please enter a valid mobile number': 'Masukkan nomor ponsel yang valid',
  'Please enter the code': 'Masukkan kodenya',
  'Please enter your password': 'Masukkan kata sandi Anda',
  'The code is 6 digits': 'Kode terdiri dari 6 digit',
  'The payment password is 6 digits': 'Kata sandi pembayaran terdiri dari 6 digit',
  'Amount must be a number': 'Jumlah harus berupa angka',
  'Unknown promo code': 'Kode promo tidak dikenal',
  'Non-agents cannot log in': 'Akun non-agen tidak dapat login',
  'This site uses a single wallet: no transfers are needed':
    'Situs ini memakai satu dompet: tidak perlu transfer',
  'You have no upline to transfer to': 'Anda tidak punya upline untuk tujuan transfer',
  Required: 'Wajib',
  'Invalid value': 'Nilai tidak valid',
};
