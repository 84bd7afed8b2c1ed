import {
  type PromotionCategory,
  type PromotionSettings,
  promotionSettings,
} from '../../../contract/promotions.ts';
import { sanitizeHtml } from '../../lib/html.ts';
import type { Database } from '../client.ts';
import { promotions } from '../schema/index.ts';
import { eachLanguage, type SeedText } from './text.ts';

interface PromotionSeed {
  category: PromotionCategory;
  title: SeedText;
  summary: SeedText;
  content: SeedText;
  /** Minor units (the rescue fund: its cap). */
  reward: number;
  settings: PromotionSettings;
}

const DAY_MS = 86_400_000;

/** One promotion of each kind (spec §2 promotions by type); nothing is claimed, so demo balances stay 1,000.00. */
export const promotionSeeds = (now: Date): PromotionSeed[] => [
  {
    category: 'NEW_MEMBER',
    title: {
      en: 'Welcome bonus — send a screenshot',
      vi: 'Thưởng chào mừng — gửi ảnh chụp màn hình',
      th: 'โบนัสต้อนรับ — ส่งภาพหน้าจอ',
      zh: '新会员红利 — 提交截图',
    },
    summary: {
      en: 'Show us your first deposit and get 50.00 once we have checked it.',
      vi: 'Gửi cho chúng tôi lần nạp đầu tiên và nhận 50.00 sau khi được kiểm tra.',
      th: 'ส่งหลักฐานการฝากเงินครั้งแรกให้เรา รับ 50.00 เมื่อตรวจสอบเรียบร้อย',
      zh: '向我们出示您的首笔存款，审核通过后即可获得 50.00。',
    },
    content: {
      en: '<p>Apply with a short remark and up to 3 screenshots (png or jpg, at most 5 MB each) of your first deposit.</p><ul><li>Our team reviews every application, usually within a day.</li><li>Approved: 50.00 is paid into your main wallet.</li><li>Rejected: the reason is shown and you may apply again.</li></ul>',
      vi: '<p>Đăng ký kèm ghi chú ngắn và tối đa 3 ảnh chụp màn hình (png hoặc jpg, mỗi ảnh tối đa 5 MB) lần nạp đầu tiên của bạn.</p><ul><li>Đội ngũ của chúng tôi xem xét mọi đơn, thường trong vòng một ngày.</li><li>Được duyệt: 50.00 được cộng vào ví chính.</li><li>Bị từ chối: lý do được hiển thị và bạn có thể đăng ký lại.</li></ul>',
      th: '<p>สมัครพร้อมหมายเหตุสั้น ๆ และภาพหน้าจอการฝากเงินครั้งแรกของคุณไม่เกิน 3 ภาพ (png หรือ jpg ภาพละไม่เกิน 5 MB)</p><ul><li>ทีมงานของเราตรวจสอบทุกใบสมัคร โดยปกติภายในหนึ่งวัน</li><li>อนุมัติ: รับ 50.00 เข้ากระเป๋าหลัก</li><li>ปฏิเสธ: แสดงเหตุผลให้ทราบ และคุณสมัครใหม่ได้</li></ul>',
      zh: '<p>申请时请附上简短备注和最多 3 张首笔存款截图（png 或 jpg，每张不超过 5 MB）。</p><ul><li>我们的团队会审核每一份申请，通常在一天内完成。</li><li>审核通过：50.00 将存入您的主钱包。</li><li>审核未通过：页面会显示原因，您可以再次申请。</li></ul>',
    },
    reward: 5_000,
    settings: { kind: 'APPLY' },
  },
  {
    category: 'NEW_MEMBER',
    title: {
      en: 'Promo code WELCOME100',
      vi: 'Mã khuyến mãi WELCOME100',
      th: 'รหัสโปรโมชั่น WELCOME100',
      zh: '优惠码 WELCOME100',
    },
    summary: {
      en: 'Redeem the code WELCOME100 for 100.00, once per member.',
      vi: 'Nhập mã WELCOME100 để nhận 100.00, mỗi thành viên một lần.',
      th: 'ใช้รหัส WELCOME100 รับ 100.00 สมาชิกละหนึ่งครั้ง',
      zh: '兑换优惠码 WELCOME100 即得 100.00，每位会员限一次。',
    },
    content: {
      en: '<p>Enter <b>WELCOME100</b> in the promo code box. The reward goes straight to your main wallet.</p><p>One use per member while codes last (1,000 in all).</p>',
      vi: '<p>Nhập <b>WELCOME100</b> vào ô mã khuyến mãi. Phần thưởng được cộng thẳng vào ví chính.</p><p>Mỗi thành viên dùng một lần, trong giới hạn 1.000 lượt.</p>',
      th: '<p>กรอก <b>WELCOME100</b> ในช่องรหัสโปรโมชั่น รางวัลจะเข้ากระเป๋าหลักของคุณทันที</p><p>สมาชิกใช้ได้คนละหนึ่งครั้ง จนกว่ารหัสจะหมด (ทั้งหมด 1,000 สิทธิ์)</p>',
      zh: '<p>在优惠码输入框中填写 <b>WELCOME100</b>，奖励将直接存入您的主钱包。</p><p>每位会员限用一次，送完即止（共 1,000 份）。</p>',
    },
    reward: 10_000,
    settings: { kind: 'CODE', code: 'WELCOME100', maxUses: 1_000 },
  },
  {
    category: 'DAILY',
    title: {
      en: 'Rescue fund: 10 % of yesterday’s loss',
      vi: 'Quỹ cứu trợ: 10 % số thua hôm qua',
      th: 'กองทุนช่วยเหลือ: คืน 10 % ของยอดเสียเมื่อวาน',
      zh: '救援金：昨日亏损的 10 %',
    },
    summary: {
      en: 'Lost 100.00 or more yesterday? Claim 10 % of it back today, up to 500.00.',
      vi: 'Hôm qua thua từ 100.00 trở lên? Hôm nay nhận lại 10 %, tối đa 500.00.',
      th: 'เมื่อวานเสีย 100.00 ขึ้นไป? วันนี้รับคืน 10 % สูงสุด 500.00',
      zh: '昨日亏损 100.00 或以上？今日可领回 10 %，最高 500.00。',
    },
    content: {
      en: '<p>Your net loss of yesterday (bets less wins of settled rounds) counts.</p><ul><li>From 100.00 of loss: 10 % back.</li><li>At most 500.00 a day.</li><li>Claim it today; tomorrow counts today’s loss.</li></ul>',
      vi: '<p>Tính theo số thua ròng của hôm qua (tiền cược trừ tiền thắng của các ván đã kết thúc).</p><ul><li>Từ 100.00 tiền thua: hoàn lại 10 %.</li><li>Tối đa 500.00 mỗi ngày.</li><li>Nhận trong hôm nay; ngày mai sẽ tính số thua của hôm nay.</li></ul>',
      th: '<p>คิดจากยอดเสียสุทธิของเมื่อวาน (ยอดเดิมพันหักยอดชนะของรอบที่ปิดผลแล้ว)</p><ul><li>ยอดเสียตั้งแต่ 100.00: รับคืน 10 %</li><li>สูงสุดวันละ 500.00</li><li>รับได้ภายในวันนี้ พรุ่งนี้จะคิดจากยอดเสียของวันนี้</li></ul>',
      zh: '<p>按昨日的净亏损计算（已结算局的投注额减去中奖额）。</p><ul><li>亏损满 100.00：返还 10 %。</li><li>每天最高 500.00。</li><li>请在今日领取；明日将按今日的亏损计算。</li></ul>',
    },
    reward: 50_000,
    settings: { kind: 'RESCUE', minLoss: 10_000, rateBp: 1_000, maxReward: 50_000 },
  },
  {
    category: 'DAILY',
    title: {
      en: 'Daily task: bet 200.00, get 5.00',
      vi: 'Nhiệm vụ ngày: cược 200.00, nhận 5.00',
      th: 'ภารกิจรายวัน: เดิมพัน 200.00 รับ 5.00',
      zh: '每日任务：投注 200.00，领取 5.00',
    },
    summary: {
      en: 'Reach 200.00 of settled bets today and claim 5.00.',
      vi: 'Đạt 200.00 tiền cược đã kết thúc trong hôm nay và nhận 5.00.',
      th: 'ทำยอดเดิมพันที่ปิดผลแล้วครบ 200.00 ภายในวันนี้ รับ 5.00',
      zh: '今日已结算投注满 200.00，即可领取 5.00。',
    },
    content: {
      en: '<p>Every settled bet of today counts towards 200.00. Once you reach it, claim 5.00 — once a day.</p>',
      vi: '<p>Mọi ván cược đã kết thúc trong hôm nay đều được tính vào mốc 200.00. Khi đạt mốc, hãy nhận 5.00 — mỗi ngày một lần.</p>',
      th: '<p>ทุกการเดิมพันที่ปิดผลแล้วของวันนี้นับรวมเข้าเป้า 200.00 เมื่อครบเป้า กดรับ 5.00 ได้ — วันละหนึ่งครั้ง</p>',
      zh: '<p>今日每一笔已结算的投注都计入 200.00 的目标。达标后即可领取 5.00 — 每天一次。</p>',
    },
    reward: 500,
    settings: { kind: 'DAILY_TASK', target: 20_000 },
  },
  {
    category: 'DAILY',
    title: {
      en: 'Daily sign-in: 1.00',
      vi: 'Điểm danh hằng ngày: 1.00',
      th: 'เช็คอินรายวัน: 1.00',
      zh: '每日签到：1.00',
    },
    summary: {
      en: 'Sign in every day and claim 1.00.',
      vi: 'Điểm danh mỗi ngày và nhận 1.00.',
      th: 'เช็คอินทุกวัน รับ 1.00',
      zh: '每天签到，领取 1.00。',
    },
    content: {
      en: '<p>Claim 1.00 once a day, every day. A new day starts at midnight.</p>',
      vi: '<p>Nhận 1.00 mỗi ngày một lần. Ngày mới bắt đầu lúc nửa đêm.</p>',
      th: '<p>รับ 1.00 วันละหนึ่งครั้ง ทุกวัน วันใหม่เริ่มตอนเที่ยงคืน</p>',
      zh: '<p>每天可领取 1.00 一次，天天都有。新的一天从午夜开始。</p>',
    },
    reward: 100,
    settings: { kind: 'SIGN_IN' },
  },
  {
    category: 'OTHER',
    title: {
      en: 'Weekend raffle: 3 winners of 88.00',
      vi: 'Xổ số cuối tuần: 3 giải 88.00',
      th: 'ชิงโชคสุดสัปดาห์: 3 รางวัล รางวัลละ 88.00',
      zh: '周末抽奖：3 位幸运儿各得 88.00',
    },
    summary: {
      en: 'Join before the draw; 3 members drawn at random win 88.00 each.',
      vi: 'Tham gia trước giờ quay; 3 thành viên được chọn ngẫu nhiên, mỗi người nhận 88.00.',
      th: 'เข้าร่วมก่อนเวลาจับรางวัล สุ่มสมาชิก 3 คน รับคนละ 88.00',
      zh: '开奖前参加；随机抽出 3 位会员，每人获得 88.00。',
    },
    content: {
      en: '<p>Join for free before the draw. Three winners are drawn at random among everyone who joined.</p><p>Winners claim 88.00 on this page after the draw.</p>',
      vi: '<p>Tham gia miễn phí trước giờ quay. Ba người thắng được chọn ngẫu nhiên trong số những người tham gia.</p><p>Người thắng nhận 88.00 trên trang này sau khi quay.</p>',
      th: '<p>เข้าร่วมฟรีก่อนเวลาจับรางวัล ผู้โชคดีสามคนจะถูกสุ่มจากทุกคนที่เข้าร่วม</p><p>ผู้โชคดีกดรับ 88.00 ได้ที่หน้านี้หลังจับรางวัล</p>',
      zh: '<p>开奖前免费参加。将从所有参加者中随机抽出三位中奖者。</p><p>中奖者可在开奖后于本页领取 88.00。</p>',
    },
    reward: 8_800,
    settings: { kind: 'RAFFLE', drawAt: new Date(now.getTime() + 7 * DAY_MS).toISOString(), winners: 3 },
  },
];

/** A demo merchant's promotions, running from now; their texts go through the operator's sanitiser. */
export async function seedPromotions(
  database: Database,
  merchantCode: string,
  now = new Date(),
): Promise<void> {
  await database.db.insert(promotions).values(
    promotionSeeds(now).map((p, sort) => {
      const settings = promotionSettings.parse(p.settings);
      return {
        merchantCode,
        category: p.category,
        kind: settings.kind,
        titles: p.title,
        summaries: p.summary,
        contents: eachLanguage(p.content, sanitizeHtml),
        reward: BigInt(p.reward),
        settings,
        code: settings.kind === 'CODE' ? settings.code : null,
        startsAt: now,
        sort,
      };
    }),
  );
}
