import { sanitizeHtml } from '../../lib/html.ts';
import type { Database } from '../client.ts';
import { helpItems } from '../schema/index.ts';

type Text = { en: string; vi: string };
interface HelpSeed {
  title: Text;
  content: Text;
  anchor?: string;
}

/** A demo merchant's help centre (spec §3 Help item), in order; the terms (#term) and about (#about) are linked to. */
const helpSeeds = (brand: string): HelpSeed[] => [
  {
    title: { en: 'How do I deposit?', vi: 'Làm thế nào để nạp tiền?' },
    content: {
      en: `<p>Log in, then choose <b>Deposit</b> in the header.</p><ol><li>Pick a channel: bank transfer or the online gateway.</li><li>Enter the amount (the minimum and maximum are shown under the field).</li><li>For a bank transfer, send the money to the account shown and upload the receipt.</li></ol><p>Gateway deposits are credited as soon as the payment is confirmed; bank transfers once our team has checked them, usually within 15 minutes.</p>`,
      vi: `<p>Đăng nhập, rồi chọn <b>Nạp tiền</b> ở đầu trang.</p><ol><li>Chọn kênh: chuyển khoản ngân hàng hoặc cổng thanh toán trực tuyến.</li><li>Nhập số tiền (mức tối thiểu và tối đa hiển thị dưới ô nhập).</li><li>Với chuyển khoản, hãy chuyển tiền vào tài khoản được hiển thị và tải lên biên lai.</li></ol><p>Nạp qua cổng thanh toán được cộng ngay khi giao dịch được xác nhận; chuyển khoản được cộng sau khi đội ngũ của chúng tôi kiểm tra, thường trong vòng 15 phút.</p>`,
    },
  },
  {
    title: { en: 'How do I withdraw?', vi: 'Làm thế nào để rút tiền?' },
    content: {
      en: `<p>Open <b>Withdraw</b> in the Personal Center, add a bank card if you have none, enter the amount and your payment password.</p><ul><li>The amount is held from your main wallet until the withdrawal is paid or rejected.</li><li>A few withdrawals a day are allowed; the page shows how many are left.</li><li>When the money arrives, please confirm it on the withdrawal record.</li></ul>`,
      vi: `<p>Mở <b>Rút tiền</b> trong Trung tâm cá nhân, thêm thẻ ngân hàng nếu chưa có, nhập số tiền và mật khẩu thanh toán.</p><ul><li>Số tiền được giữ lại trong ví chính cho đến khi lệnh rút được chi trả hoặc bị từ chối.</li><li>Mỗi ngày được rút một số lần nhất định; trang rút tiền hiển thị số lần còn lại.</li><li>Khi nhận được tiền, vui lòng xác nhận trên lịch sử rút tiền.</li></ul>`,
    },
  },
  {
    title: { en: 'I forgot my password', vi: 'Tôi quên mật khẩu' },
    content: {
      en: `<p>On the login window choose <b>Forgot password</b>. You can reset it by e-mail (your username and the e-mail on your account) or by phone (a code sent by SMS to your registered number).</p><p>If neither works, contact customer service from the side menu; we will never ask for your password.</p>`,
      vi: `<p>Trên cửa sổ đăng nhập, chọn <b>Quên mật khẩu</b>. Bạn có thể đặt lại bằng e-mail (tên đăng nhập và e-mail của tài khoản) hoặc bằng điện thoại (mã gửi qua SMS đến số đã đăng ký).</p><p>Nếu cả hai cách đều không được, hãy liên hệ chăm sóc khách hàng từ menu bên; chúng tôi không bao giờ hỏi mật khẩu của bạn.</p>`,
    },
  },
  {
    title: { en: 'How do I open an account?', vi: 'Làm thế nào để mở tài khoản?' },
    content: {
      en: `<p>Choose <b>Register</b>, pick a username or sign up with your mobile number, set a password and accept the terms. You must be of legal age to play.</p><p>Have an invitation code from a friend? Enter it when you register and you both may earn a referral reward.</p>`,
      vi: `<p>Chọn <b>Đăng ký</b>, đặt tên đăng nhập hoặc đăng ký bằng số điện thoại, đặt mật khẩu và đồng ý với điều khoản. Bạn phải đủ tuổi hợp pháp để chơi.</p><p>Có mã mời từ bạn bè? Nhập mã khi đăng ký để cả hai có thể nhận thưởng giới thiệu.</p>`,
    },
  },
  {
    title: { en: 'Responsible gaming', vi: 'Chơi có trách nhiệm' },
    content: {
      en: `<p>Gaming should stay fun. In the Personal Center under <b>Responsible gaming</b> you can set deposit limits, take a break or exclude yourself for a period.</p><ul><li>Only play with money you can afford to lose.</li><li>Never chase losses.</li><li>Take regular breaks and keep track of your time.</li></ul><p>If gaming is no longer fun, talk to someone you trust or a local support organisation.</p>`,
      vi: `<p>Trò chơi nên luôn là niềm vui. Trong Trung tâm cá nhân, mục <b>Chơi có trách nhiệm</b>, bạn có thể đặt hạn mức nạp, tạm nghỉ hoặc tự loại trừ trong một khoảng thời gian.</p><ul><li>Chỉ chơi bằng số tiền bạn có thể chấp nhận mất.</li><li>Đừng bao giờ cố gỡ lại khoản thua.</li><li>Nghỉ ngơi thường xuyên và theo dõi thời gian chơi.</li></ul><p>Nếu việc chơi không còn vui, hãy nói chuyện với người bạn tin tưởng hoặc một tổ chức hỗ trợ tại địa phương.</p>`,
    },
  },
  {
    title: { en: 'Lottery rules', vi: 'Luật xổ số' },
    content: {
      en: `<p>Each lottery draws at fixed times; bets close a few seconds before the draw. A bet is settled once, as soon as the draw result is known, and winnings go straight to your main wallet.</p><p>The odds and the bet types of each game are shown on its bet slip. A draw that cannot take place is cancelled and its bets are refunded in full.</p>`,
      vi: `<p>Mỗi loại xổ số quay thưởng vào giờ cố định; việc đặt cược đóng vài giây trước giờ quay. Mỗi vé cược được thanh toán một lần, ngay khi có kết quả, và tiền thắng được cộng thẳng vào ví chính.</p><p>Tỷ lệ và các kiểu cược của từng trò được hiển thị trên phiếu cược. Kỳ quay không thể diễn ra sẽ bị huỷ và tiền cược được hoàn lại đầy đủ.</p>`,
    },
  },
  {
    title: { en: 'Bonuses and rebates', vi: 'Tiền thưởng và hoàn trả' },
    content: {
      en: `<p>Promotions are listed on the <b>Promotions</b> page; each one explains who can join and how the reward is paid. The rebate on your turnover can be claimed under <b>Manual rebate</b> in the Personal Center.</p><p>Rewards are credited to your main wallet and shown in your account record.</p>`,
      vi: `<p>Các khuyến mãi được liệt kê trên trang <b>Khuyến mãi</b>; mỗi chương trình giải thích ai có thể tham gia và cách trả thưởng. Tiền hoàn trả theo doanh số có thể nhận trong mục <b>Hoàn trả thủ công</b> của Trung tâm cá nhân.</p><p>Tiền thưởng được cộng vào ví chính và hiển thị trong lịch sử tài khoản.</p>`,
    },
  },
  {
    title: { en: 'Points mall', vi: 'Cửa hàng điểm' },
    content: {
      en: `<p>Settled bets earn points. Exchange them for rewards in the <b>Points mall</b>; redeeming asks for your password. Points never expire.</p>`,
      vi: `<p>Các cược đã thanh toán được tích điểm. Đổi điểm lấy phần thưởng tại <b>Cửa hàng điểm</b>; khi đổi thưởng bạn cần nhập mật khẩu. Điểm không bao giờ hết hạn.</p>`,
    },
  },
  {
    title: { en: 'Keeping your account safe', vi: 'Bảo vệ tài khoản của bạn' },
    content: {
      en: `<p>Set a payment password in the <b>Security Center</b>: it is asked for every withdrawal. Use a password you do not use anywhere else and never share your login or verification codes, not even with someone who says they are from ${brand}.</p>`,
      vi: `<p>Đặt mật khẩu thanh toán trong <b>Trung tâm bảo mật</b>: mật khẩu này được yêu cầu cho mỗi lần rút tiền. Dùng mật khẩu không trùng với nơi khác và không bao giờ chia sẻ thông tin đăng nhập hay mã xác minh, kể cả với người tự xưng là nhân viên ${brand}.</p>`,
    },
  },
  {
    title: { en: 'Playing on your phone', vi: 'Chơi trên điện thoại' },
    content: {
      en: `<p>Open the <b>Download</b> page and scan the QR code for your phone. On iOS, install the profile and allow it under Settings › General › VPN &amp; Device Management.</p>`,
      vi: `<p>Mở trang <b>Tải ứng dụng</b> và quét mã QR cho điện thoại của bạn. Trên iOS, hãy cài đặt hồ sơ và cho phép trong Cài đặt › Cài đặt chung › VPN &amp; Quản lý thiết bị.</p>`,
    },
  },
  {
    title: { en: 'Terms and conditions', vi: 'Điều khoản và điều kiện' },
    anchor: 'term',
    content: {
      en: `<p>By opening an account with ${brand} you agree to these terms.</p><ol><li>You are of legal gambling age where you live and gambling is lawful there.</li><li>One account per person; accounts, bonuses and winnings cannot be transferred.</li><li>Deposits and withdrawals are made in your own name.</li><li>Bonuses carry the conditions stated with each promotion; abuse voids the bonus and its winnings.</li><li>Bets are final once accepted; an obvious error in odds or results may be corrected.</li><li>We may suspend an account while checking its identity or activity.</li></ol>`,
      vi: `<p>Khi mở tài khoản tại ${brand}, bạn đồng ý với các điều khoản sau.</p><ol><li>Bạn đủ tuổi hợp pháp để tham gia cá cược nơi bạn sinh sống và việc cá cược là hợp pháp tại đó.</li><li>Mỗi người một tài khoản; tài khoản, tiền thưởng và tiền thắng không thể chuyển nhượng.</li><li>Nạp và rút tiền phải đứng tên chính bạn.</li><li>Tiền thưởng đi kèm điều kiện của từng khuyến mãi; lạm dụng sẽ huỷ tiền thưởng và tiền thắng từ đó.</li><li>Cược đã được chấp nhận là cuối cùng; sai sót rõ ràng về tỷ lệ hoặc kết quả có thể được điều chỉnh.</li><li>Chúng tôi có thể tạm khoá tài khoản trong khi xác minh danh tính hoặc hoạt động.</li></ol>`,
    },
  },
  {
    title: { en: `About ${brand}`, vi: `Về ${brand}` },
    anchor: 'about',
    content: {
      en: `<p>${brand} brings live casino, slots, fishing games, lottery, sports and card rooms together in one account and one wallet. Our support team is there around the clock through live chat and the feedback form.</p>`,
      vi: `<p>${brand} mang sòng bài trực tiếp, slot, bắn cá, xổ số, thể thao và phòng bài về chung một tài khoản và một ví. Đội ngũ hỗ trợ luôn sẵn sàng suốt ngày đêm qua trò chuyện trực tuyến và biểu mẫu góp ý.</p>`,
    },
  },
];

/** The demo merchant's help centre items, cleaned as every written help item is. */
export async function seedHelp(database: Database, merchantCode: string, brandName: string): Promise<void> {
  const clean = (t: Text) => ({ en: sanitizeHtml(t.en), vi: sanitizeHtml(t.vi) });
  await database.db.insert(helpItems).values(
    helpSeeds(brandName).map((s, sort) => ({
      merchantCode,
      titles: s.title,
      contents: clean(s.content),
      anchor: s.anchor ?? null,
      sort,
    })),
  );
}
