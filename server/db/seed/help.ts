import { sanitizeHtml } from '../../lib/html.ts';
import type { Database } from '../client.ts';
import { helpItems } from '../schema/index.ts';
import { eachLanguage, type SeedText } from './text.ts';

interface HelpSeed {
  title: SeedText;
  content: SeedText;
  anchor?: string;
}

/** A demo merchant's help centre (spec §3 Help item), in order; the terms (#term) and about (#about) are linked to. */
export const helpSeeds = (brand: string): HelpSeed[] => [
  {
    title: { en: 'How do I deposit?', vi: 'Làm thế nào để nạp tiền?', th: 'ฝากเงินอย่างไร?', zh: '如何存款？' },
    content: {
      en: `<p>Log in, then choose <b>Deposit</b> in the header.</p><ol><li>Pick a channel: bank transfer or the online gateway.</li><li>Enter the amount (the minimum and maximum are shown under the field).</li><li>For a bank transfer, send the money to the account shown and upload the receipt.</li></ol><p>Gateway deposits are credited as soon as the payment is confirmed; bank transfers once our team has checked them, usually within 15 minutes.</p>`,
      vi: `<p>Đăng nhập, rồi chọn <b>Nạp tiền</b> ở đầu trang.</p><ol><li>Chọn kênh: chuyển khoản ngân hàng hoặc cổng thanh toán trực tuyến.</li><li>Nhập số tiền (mức tối thiểu và tối đa hiển thị dưới ô nhập).</li><li>Với chuyển khoản, hãy chuyển tiền vào tài khoản được hiển thị và tải lên biên lai.</li></ol><p>Nạp qua cổng thanh toán được cộng ngay khi giao dịch được xác nhận; chuyển khoản được cộng sau khi đội ngũ của chúng tôi kiểm tra, thường trong vòng 15 phút.</p>`,
      th: `<p>เข้าสู่ระบบ แล้วเลือก <b>ฝากเงิน</b> ที่ส่วนหัวของหน้า</p><ol><li>เลือกช่องทาง: โอนผ่านธนาคาร หรือช่องทางชำระเงินออนไลน์</li><li>กรอกจำนวนเงิน (ยอดขั้นต่ำและสูงสุดแสดงอยู่ใต้ช่องกรอก)</li><li>หากโอนผ่านธนาคาร ให้โอนเงินเข้าบัญชีที่แสดง แล้วอัปโหลดสลิป</li></ol><p>การฝากผ่านช่องทางออนไลน์จะเข้ากระเป๋าทันทีที่ยืนยันการชำระเงิน ส่วนการโอนผ่านธนาคารจะเข้าเมื่อทีมงานตรวจสอบแล้ว โดยปกติภายใน 15 นาที</p>`,
      zh: `<p>登录后，点击页面顶部的<b>存款</b>。</p><ol><li>选择渠道：银行转账或在线支付网关。</li><li>输入金额（最低和最高金额显示在输入框下方）。</li><li>如选择银行转账，请将款项转入页面显示的账户并上传转账凭证。</li></ol><p>网关存款在支付确认后立即到账；银行转账经我们的团队核实后到账，通常在 15 分钟内。</p>`,
    },
  },
  {
    title: {
      en: 'How do I withdraw?',
      vi: 'Làm thế nào để rút tiền?',
      th: 'ถอนเงินอย่างไร?',
      zh: '如何取款？',
    },
    content: {
      en: `<p>Open <b>Withdraw</b> in the Personal Center, add a bank card if you have none, enter the amount and your payment password.</p><ul><li>The amount is held from your main wallet until the withdrawal is paid or rejected.</li><li>A few withdrawals a day are allowed; the page shows how many are left.</li><li>When the money arrives, please confirm it on the withdrawal record.</li></ul>`,
      vi: `<p>Mở <b>Rút tiền</b> trong Trung tâm cá nhân, thêm thẻ ngân hàng nếu chưa có, nhập số tiền và mật khẩu thanh toán.</p><ul><li>Số tiền được giữ lại trong ví chính cho đến khi lệnh rút được chi trả hoặc bị từ chối.</li><li>Mỗi ngày được rút một số lần nhất định; trang rút tiền hiển thị số lần còn lại.</li><li>Khi nhận được tiền, vui lòng xác nhận trên lịch sử rút tiền.</li></ul>`,
      th: `<p>เปิด <b>ถอนเงิน</b> ใน ศูนย์ส่วนตัว เพิ่มบัญชีธนาคารหากยังไม่มี กรอกจำนวนเงินและรหัสผ่านธุรกรรมของคุณ</p><ul><li>ยอดเงินจะถูกกันไว้ในกระเป๋าหลักจนกว่าการถอนจะจ่ายออกหรือถูกปฏิเสธ</li><li>ถอนได้จำนวนครั้งจำกัดต่อวัน หน้านี้แสดงจำนวนครั้งที่เหลือ</li><li>เมื่อได้รับเงินแล้ว กรุณายืนยันในรายการถอนเงิน</li></ul>`,
      zh: `<p>在个人中心打开<b>取款</b>，如尚未绑定银行卡请先添加，然后输入金额和资金密码。</p><ul><li>取款金额会从主钱包中冻结，直至出款或被拒绝。</li><li>每天可取款的次数有限，页面会显示剩余次数。</li><li>收到款项后，请在取款记录中确认收款。</li></ul>`,
    },
  },
  {
    title: { en: 'I forgot my password', vi: 'Tôi quên mật khẩu', th: 'ฉันลืมรหัสผ่าน', zh: '我忘记了密码' },
    content: {
      en: `<p>On the login window choose <b>Forgot password</b>. You can reset it by e-mail (your username and the e-mail on your account) or by phone (a code sent by SMS to your registered number).</p><p>If neither works, contact customer service from the side menu; we will never ask for your password.</p>`,
      vi: `<p>Trên cửa sổ đăng nhập, chọn <b>Quên mật khẩu</b>. Bạn có thể đặt lại bằng e-mail (tên đăng nhập và e-mail của tài khoản) hoặc bằng điện thoại (mã gửi qua SMS đến số đã đăng ký).</p><p>Nếu cả hai cách đều không được, hãy liên hệ chăm sóc khách hàng từ menu bên; chúng tôi không bao giờ hỏi mật khẩu của bạn.</p>`,
      th: `<p>ที่หน้าต่างเข้าสู่ระบบ เลือก <b>ลืมรหัสผ่าน</b> คุณรีเซ็ตได้ทางอีเมล (ชื่อผู้ใช้และอีเมลในบัญชีของคุณ) หรือทางโทรศัพท์ (รหัสที่ส่งทาง SMS ไปยังเบอร์ที่ลงทะเบียนไว้)</p><p>หากทั้งสองวิธีใช้ไม่ได้ ติดต่อฝ่ายบริการลูกค้าจากเมนูด้านข้าง เราจะไม่ขอรหัสผ่านของคุณเด็ดขาด</p>`,
      zh: `<p>在登录窗口选择<b>忘记密码</b>。您可以通过邮箱重置（账号的用户名和邮箱），也可以通过手机重置（短信验证码将发送至您的注册手机号）。</p><p>如果两种方式都无法使用，请通过侧边菜单联系客服；我们绝不会索要您的密码。</p>`,
    },
  },
  {
    title: {
      en: 'How do I open an account?',
      vi: 'Làm thế nào để mở tài khoản?',
      th: 'เปิดบัญชีอย่างไร?',
      zh: '如何开户？',
    },
    content: {
      en: `<p>Choose <b>Register</b>, pick a username or sign up with your mobile number, set a password and accept the terms. You must be of legal age to play.</p><p>Have an invitation code from a friend? Enter it when you register and you both may earn a referral reward.</p>`,
      vi: `<p>Chọn <b>Đăng ký</b>, đặt tên đăng nhập hoặc đăng ký bằng số điện thoại, đặt mật khẩu và đồng ý với điều khoản. Bạn phải đủ tuổi hợp pháp để chơi.</p><p>Có mã mời từ bạn bè? Nhập mã khi đăng ký để cả hai có thể nhận thưởng giới thiệu.</p>`,
      th: `<p>เลือก <b>สมัครสมาชิก</b> ตั้งชื่อผู้ใช้หรือสมัครด้วยเบอร์โทรศัพท์ ตั้งรหัสผ่าน และยอมรับเงื่อนไข คุณต้องมีอายุครบตามกฎหมายจึงจะเล่นได้</p><p>มีรหัสเชิญจากเพื่อนไหม? กรอกตอนสมัคร แล้วคุณทั้งคู่อาจได้รับโบนัสแนะนำเพื่อน</p>`,
      zh: `<p>点击<b>注册</b>，设置用户名或使用手机号注册，设置密码并同意条款。您必须达到法定年龄才能游戏。</p><p>有朋友给您的邀请码？注册时填写，您和朋友都有机会获得推荐奖金。</p>`,
    },
  },
  {
    title: {
      en: 'Responsible gaming',
      vi: 'Chơi có trách nhiệm',
      th: 'การเล่นอย่างมีความรับผิดชอบ',
      zh: '负责任博彩',
    },
    content: {
      en: `<p>Gaming should stay fun. In the Personal Center under <b>Responsible gaming</b> you can set deposit limits, take a break or exclude yourself for a period.</p><ul><li>Only play with money you can afford to lose.</li><li>Never chase losses.</li><li>Take regular breaks and keep track of your time.</li></ul><p>If gaming is no longer fun, talk to someone you trust or a local support organisation.</p>`,
      vi: `<p>Trò chơi nên luôn là niềm vui. Trong Trung tâm cá nhân, mục <b>Chơi có trách nhiệm</b>, bạn có thể đặt hạn mức nạp, tạm nghỉ hoặc tự loại trừ trong một khoảng thời gian.</p><ul><li>Chỉ chơi bằng số tiền bạn có thể chấp nhận mất.</li><li>Đừng bao giờ cố gỡ lại khoản thua.</li><li>Nghỉ ngơi thường xuyên và theo dõi thời gian chơi.</li></ul><p>Nếu việc chơi không còn vui, hãy nói chuyện với người bạn tin tưởng hoặc một tổ chức hỗ trợ tại địa phương.</p>`,
      th: `<p>การเล่นเกมควรเป็นเรื่องสนุก ใน ศูนย์ส่วนตัว หัวข้อ <b>การเล่นอย่างมีความรับผิดชอบ</b> คุณตั้งวงเงินฝาก พักการเล่น หรือระงับตนเองเป็นระยะเวลาหนึ่งได้</p><ul><li>เล่นด้วยเงินที่คุณเสียได้เท่านั้น</li><li>อย่าไล่ตามทุนที่เสียไป</li><li>พักเป็นระยะและคอยดูเวลาที่ใช้เล่น</li></ul><p>หากการเล่นไม่สนุกอีกต่อไป ให้พูดคุยกับคนที่คุณไว้ใจหรือหน่วยงานช่วยเหลือในพื้นที่ของคุณ</p>`,
      zh: `<p>游戏应当始终是一种乐趣。在个人中心的<b>负责任博彩</b>中，您可以设置存款限额、进入冷静期或在一段时间内自我排除。</p><ul><li>只用您输得起的钱游戏。</li><li>切勿为挽回损失而追加投注。</li><li>定时休息，留意自己的游戏时间。</li></ul><p>如果游戏不再有趣，请与您信任的人或当地的援助机构聊一聊。</p>`,
    },
  },
  {
    title: { en: 'Lottery rules', vi: 'Luật xổ số', th: 'กติกาหวย', zh: '彩票规则' },
    content: {
      en: `<p>Each lottery draws at fixed times; bets close a few seconds before the draw. A bet is settled once, as soon as the draw result is known, and winnings go straight to your main wallet.</p><p>The odds and the bet types of each game are shown on its bet slip. A draw that cannot take place is cancelled and its bets are refunded in full.</p>`,
      vi: `<p>Mỗi loại xổ số quay thưởng vào giờ cố định; việc đặt cược đóng vài giây trước giờ quay. Mỗi vé cược được thanh toán một lần, ngay khi có kết quả, và tiền thắng được cộng thẳng vào ví chính.</p><p>Tỷ lệ và các kiểu cược của từng trò được hiển thị trên phiếu cược. Kỳ quay không thể diễn ra sẽ bị huỷ và tiền cược được hoàn lại đầy đủ.</p>`,
      th: `<p>หวยแต่ละประเภทออกผลตามเวลาที่กำหนด และปิดรับแทงไม่กี่วินาทีก่อนออกผล การเดิมพันแต่ละรายการจะปิดผลเพียงครั้งเดียวทันทีที่ทราบผล และเงินรางวัลจะเข้ากระเป๋าหลักของคุณโดยตรง</p><p>อัตราจ่ายและประเภทการแทงของแต่ละเกมแสดงอยู่ในโพยเดิมพัน งวดที่ไม่สามารถออกผลได้จะถูกยกเลิก และคืนเงินเดิมพันเต็มจำนวน</p>`,
      zh: `<p>每种彩票在固定时间开奖；开奖前几秒停止投注。每笔投注在开奖结果公布后立即结算且只结算一次，奖金直接存入您的主钱包。</p><p>每个游戏的赔率和玩法显示在其投注单上。无法开奖的期次将被取消，投注全额退还。</p>`,
    },
  },
  {
    title: { en: 'Bonuses and rebates', vi: 'Tiền thưởng và hoàn trả', th: 'โบนัสและเงินคืน', zh: '红利与返水' },
    content: {
      en: `<p>Promotions are listed on the <b>Promotions</b> page; each one explains who can join and how the reward is paid. The rebate on your turnover can be claimed under <b>Manual rebate</b> in the Personal Center.</p><p>Rewards are credited to your main wallet and shown in your account record.</p>`,
      vi: `<p>Các khuyến mãi được liệt kê trên trang <b>Khuyến mãi</b>; mỗi chương trình giải thích ai có thể tham gia và cách trả thưởng. Tiền hoàn trả theo doanh số có thể nhận trong mục <b>Hoàn trả thủ công</b> của Trung tâm cá nhân.</p><p>Tiền thưởng được cộng vào ví chính và hiển thị trong lịch sử tài khoản.</p>`,
      th: `<p>โปรโมชั่นทั้งหมดอยู่ในหน้า <b>โปรโมชั่น</b> แต่ละรายการบอกว่าใครร่วมได้และจ่ายรางวัลอย่างไร เงินคืนจากยอดเทิร์นโอเวอร์รับได้ที่ <b>รับเงินคืนด้วยตนเอง</b> ใน ศูนย์ส่วนตัว</p><p>รางวัลจะเข้ากระเป๋าหลักและแสดงในประวัติธุรกรรมของคุณ</p>`,
      zh: `<p>所有优惠都列在<b>优惠活动</b>页面，每项活动都说明了参加条件和奖励发放方式。按有效投注计算的返水可在个人中心的<b>手动返水</b>中领取。</p><p>奖励存入您的主钱包，并显示在您的账变记录中。</p>`,
    },
  },
  {
    title: { en: 'Points mall', vi: 'Cửa hàng điểm', th: 'ร้านแลกแต้ม', zh: '积分商城' },
    content: {
      en: `<p>Settled bets earn points. Exchange them for rewards in the <b>Points mall</b>; redeeming asks for your password. Points never expire.</p>`,
      vi: `<p>Các cược đã thanh toán được tích điểm. Đổi điểm lấy phần thưởng tại <b>Cửa hàng điểm</b>; khi đổi thưởng bạn cần nhập mật khẩu. Điểm không bao giờ hết hạn.</p>`,
      th: `<p>การเดิมพันที่ปิดผลแล้วจะได้รับแต้ม นำแต้มไปแลกของรางวัลได้ที่ <b>ร้านแลกแต้ม</b> การแลกรับต้องใช้รหัสผ่านของคุณ แต้มไม่มีวันหมดอายุ</p>`,
      zh: `<p>已结算的投注可赚取积分。在<b>积分商城</b>用积分兑换奖品；兑换时需要输入您的密码。积分永不过期。</p>`,
    },
  },
  {
    title: {
      en: 'Keeping your account safe',
      vi: 'Bảo vệ tài khoản của bạn',
      th: 'รักษาบัญชีของคุณให้ปลอดภัย',
      zh: '保护您的账户安全',
    },
    content: {
      en: `<p>Set a payment password in the <b>Security Center</b>: it is asked for every withdrawal. Use a password you do not use anywhere else and never share your login or verification codes, not even with someone who says they are from ${brand}.</p>`,
      vi: `<p>Đặt mật khẩu thanh toán trong <b>Trung tâm bảo mật</b>: mật khẩu này được yêu cầu cho mỗi lần rút tiền. Dùng mật khẩu không trùng với nơi khác và không bao giờ chia sẻ thông tin đăng nhập hay mã xác minh, kể cả với người tự xưng là nhân viên ${brand}.</p>`,
      th: `<p>ตั้งรหัสผ่านธุรกรรมใน <b>ศูนย์ความปลอดภัย</b>: ต้องใช้ทุกครั้งที่ถอนเงิน ใช้รหัสผ่านที่ไม่ซ้ำกับที่อื่น และอย่าบอกข้อมูลเข้าสู่ระบบหรือรหัสยืนยันแก่ใคร แม้แต่ผู้ที่อ้างว่าเป็นเจ้าหน้าที่ของ ${brand}</p>`,
      zh: `<p>请在<b>安全中心</b>设置资金密码：每次取款都需要输入。请使用未在其他地方用过的密码，切勿向任何人透露您的登录信息或验证码，即使对方自称是 ${brand} 的工作人员。</p>`,
    },
  },
  {
    title: { en: 'Playing on your phone', vi: 'Chơi trên điện thoại', th: 'เล่นบนมือถือ', zh: '用手机游戏' },
    content: {
      en: `<p>Open the <b>Download</b> page and scan the QR code for your phone. On iOS, install the profile and allow it under Settings › General › VPN &amp; Device Management.</p>`,
      vi: `<p>Mở trang <b>Tải ứng dụng</b> và quét mã QR cho điện thoại của bạn. Trên iOS, hãy cài đặt hồ sơ và cho phép trong Cài đặt › Cài đặt chung › VPN &amp; Quản lý thiết bị.</p>`,
      th: `<p>เปิดหน้า <b>ดาวน์โหลด</b> แล้วสแกนคิวอาร์โค้ดสำหรับโทรศัพท์ของคุณ บน iOS ให้ติดตั้งโปรไฟล์ แล้วอนุญาตที่ การตั้งค่า › ทั่วไป › VPN และการจัดการอุปกรณ์</p>`,
      zh: `<p>打开<b>下载</b>页面，扫描适用于您手机的二维码。在 iOS 上，请安装描述文件，并在“设置 › 通用 › VPN 与设备管理”中允许。</p>`,
    },
  },
  {
    title: {
      en: 'Terms and conditions',
      vi: 'Điều khoản và điều kiện',
      th: 'ข้อกำหนดและเงื่อนไข',
      zh: '条款与条件',
    },
    anchor: 'term',
    content: {
      en: `<p>By opening an account with ${brand} you agree to these terms.</p><ol><li>You are of legal gambling age where you live and gambling is lawful there.</li><li>One account per person; accounts, bonuses and winnings cannot be transferred.</li><li>Deposits and withdrawals are made in your own name.</li><li>Bonuses carry the conditions stated with each promotion; abuse voids the bonus and its winnings.</li><li>Bets are final once accepted; an obvious error in odds or results may be corrected.</li><li>We may suspend an account while checking its identity or activity.</li></ol>`,
      vi: `<p>Khi mở tài khoản tại ${brand}, bạn đồng ý với các điều khoản sau.</p><ol><li>Bạn đủ tuổi hợp pháp để tham gia cá cược nơi bạn sinh sống và việc cá cược là hợp pháp tại đó.</li><li>Mỗi người một tài khoản; tài khoản, tiền thưởng và tiền thắng không thể chuyển nhượng.</li><li>Nạp và rút tiền phải đứng tên chính bạn.</li><li>Tiền thưởng đi kèm điều kiện của từng khuyến mãi; lạm dụng sẽ huỷ tiền thưởng và tiền thắng từ đó.</li><li>Cược đã được chấp nhận là cuối cùng; sai sót rõ ràng về tỷ lệ hoặc kết quả có thể được điều chỉnh.</li><li>Chúng tôi có thể tạm khoá tài khoản trong khi xác minh danh tính hoặc hoạt động.</li></ol>`,
      th: `<p>เมื่อเปิดบัญชีกับ ${brand} ถือว่าคุณยอมรับข้อกำหนดเหล่านี้</p><ol><li>คุณมีอายุครบตามกฎหมายสำหรับการพนันในที่ที่คุณอาศัยอยู่ และการพนันเป็นสิ่งถูกกฎหมายที่นั่น</li><li>หนึ่งคนหนึ่งบัญชี บัญชี โบนัส และเงินรางวัลโอนให้ผู้อื่นไม่ได้</li><li>การฝากและถอนเงินต้องทำในนามของคุณเอง</li><li>โบนัสมีเงื่อนไขตามที่ระบุในแต่ละโปรโมชั่น การใช้สิทธิ์โดยมิชอบจะทำให้โบนัสและเงินรางวัลจากโบนัสเป็นโมฆะ</li><li>การเดิมพันที่รับแล้วถือเป็นที่สิ้นสุด ข้อผิดพลาดที่ชัดเจนของอัตราจ่ายหรือผลอาจได้รับการแก้ไข</li><li>เราอาจระงับบัญชีชั่วคราวระหว่างตรวจสอบตัวตนหรือการใช้งาน</li></ol>`,
      zh: `<p>在 ${brand} 开户即表示您同意以下条款。</p><ol><li>您已达到居住地法定的博彩年龄，且当地允许博彩。</li><li>每人仅限一个账户；账户、红利和奖金均不可转让。</li><li>存款和取款须以您本人名义进行。</li><li>红利须遵守各项优惠活动所列的条件；违规套利将取消红利及由此产生的奖金。</li><li>投注一经接受即为最终结果；赔率或结果的明显错误可能会被更正。</li><li>在核实身份或账户活动期间，我们可能暂停账户。</li></ol>`,
    },
  },
  {
    title: { en: `About ${brand}`, vi: `Về ${brand}`, th: `เกี่ยวกับ ${brand}`, zh: `关于 ${brand}` },
    anchor: 'about',
    content: {
      en: `<p>${brand} brings live casino, slots, fishing games, lottery, sports and card rooms together in one account and one wallet. Our support team is there around the clock through live chat and the feedback form.</p>`,
      vi: `<p>${brand} mang sòng bài trực tiếp, slot, bắn cá, xổ số, thể thao và phòng bài về chung một tài khoản và một ví. Đội ngũ hỗ trợ luôn sẵn sàng suốt ngày đêm qua trò chuyện trực tuyến và biểu mẫu góp ý.</p>`,
      th: `<p>${brand} รวมคาสิโนสด สล็อต ยิงปลา หวย กีฬา และเกมไพ่ ไว้ในบัญชีเดียวและกระเป๋าเงินเดียว ทีมงานของเราพร้อมดูแลตลอด 24 ชั่วโมงผ่านแชทสดและแบบฟอร์มข้อเสนอแนะ</p>`,
      zh: `<p>${brand} 将真人娱乐场、电子游戏、捕鱼、彩票、体育和棋牌汇集在一个账户、一个钱包中。我们的客服团队全天候通过在线客服和意见反馈表为您服务。</p>`,
    },
  },
];

/** The demo merchant's help centre items, cleaned as every written help item is. */
export async function seedHelp(database: Database, merchantCode: string, brandName: string): Promise<void> {
  await database.db.insert(helpItems).values(
    helpSeeds(brandName).map((s, sort) => ({
      merchantCode,
      titles: s.title,
      contents: eachLanguage(s.content, sanitizeHtml),
      anchor: s.anchor ?? null,
      sort,
    })),
  );
}
