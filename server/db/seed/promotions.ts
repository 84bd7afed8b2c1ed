import {
  type PromotionCategory,
  type PromotionSettings,
  promotionSettings,
} from '../../../contract/promotions.ts';
import { sanitizeHtml } from '../../lib/html.ts';
import type { Database } from '../client.ts';
import { promotions } from '../schema/index.ts';

type Text = { en: string; vi: string };
interface PromotionSeed {
  category: PromotionCategory;
  title: Text;
  summary: Text;
  content: Text;
  /** Minor units (the rescue fund: its cap). */
  reward: number;
  settings: PromotionSettings;
}

const DAY_MS = 86_400_000;

/** One promotion of each kind (spec §2 promotions by type); nothing is claimed, so demo balances stay 1,000.00. */
const promotionSeeds = (now: Date): PromotionSeed[] => [
  {
    category: 'NEW_MEMBER',
    title: { en: 'Welcome bonus — send a screenshot', vi: 'Thưởng chào mừng — gửi ảnh chụp màn hình' },
    summary: {
      en: 'Show us your first deposit and get 50.00 once we have checked it.',
      vi: 'Gửi cho chúng tôi lần nạp đầu tiên và nhận 50.00 sau khi được kiểm tra.',
    },
    content: {
      en: '<p>Apply with a short remark and up to 3 screenshots (png or jpg, at most 5 MB each) of your first deposit.</p><ul><li>Our team reviews every application, usually within a day.</li><li>Approved: 50.00 is paid into your main wallet.</li><li>Rejected: the reason is shown and you may apply again.</li></ul>',
      vi: '<p>Đăng ký kèm ghi chú ngắn và tối đa 3 ảnh chụp màn hình (png hoặc jpg, mỗi ảnh tối đa 5 MB) lần nạp đầu tiên của bạn.</p><ul><li>Đội ngũ của chúng tôi xem xét mọi đơn, thường trong vòng một ngày.</li><li>Được duyệt: 50.00 được cộng vào ví chính.</li><li>Bị từ chối: lý do được hiển thị và bạn có thể đăng ký lại.</li></ul>',
    },
    reward: 5_000,
    settings: { kind: 'APPLY' },
  },
  {
    category: 'NEW_MEMBER',
    title: { en: 'Promo code WELCOME100', vi: 'Mã khuyến mãi WELCOME100' },
    summary: {
      en: 'Redeem the code WELCOME100 for 100.00, once per member.',
      vi: 'Nhập mã WELCOME100 để nhận 100.00, mỗi thành viên một lần.',
    },
    content: {
      en: '<p>Enter <b>WELCOME100</b> in the promo code box. The reward goes straight to your main wallet.</p><p>One use per member while codes last (1,000 in all).</p>',
      vi: '<p>Nhập <b>WELCOME100</b> vào ô mã khuyến mãi. Phần thưởng được cộng thẳng vào ví chính.</p><p>Mỗi thành viên dùng một lần, trong giới hạn 1.000 lượt.</p>',
    },
    reward: 10_000,
    settings: { kind: 'CODE', code: 'WELCOME100', maxUses: 1_000 },
  },
  {
    category: 'DAILY',
    title: { en: 'Rescue fund: 10 % of yesterday’s loss', vi: 'Quỹ cứu trợ: 10 % số thua hôm qua' },
    summary: {
      en: 'Lost 100.00 or more yesterday? Claim 10 % of it back today, up to 500.00.',
      vi: 'Hôm qua thua từ 100.00 trở lên? Hôm nay nhận lại 10 %, tối đa 500.00.',
    },
    content: {
      en: '<p>Your net loss of yesterday (bets less wins of settled rounds) counts.</p><ul><li>From 100.00 of loss: 10 % back.</li><li>At most 500.00 a day.</li><li>Claim it today; tomorrow counts today’s loss.</li></ul>',
      vi: '<p>Tính theo số thua ròng của hôm qua (tiền cược trừ tiền thắng của các ván đã kết thúc).</p><ul><li>Từ 100.00 tiền thua: hoàn lại 10 %.</li><li>Tối đa 500.00 mỗi ngày.</li><li>Nhận trong hôm nay; ngày mai sẽ tính số thua của hôm nay.</li></ul>',
    },
    reward: 50_000,
    settings: { kind: 'RESCUE', minLoss: 10_000, rateBp: 1_000, maxReward: 50_000 },
  },
  {
    category: 'DAILY',
    title: { en: 'Daily task: bet 200.00, get 5.00', vi: 'Nhiệm vụ ngày: cược 200.00, nhận 5.00' },
    summary: {
      en: 'Reach 200.00 of settled bets today and claim 5.00.',
      vi: 'Đạt 200.00 tiền cược đã kết thúc trong hôm nay và nhận 5.00.',
    },
    content: {
      en: '<p>Every settled bet of today counts towards 200.00. Once you reach it, claim 5.00 — once a day.</p>',
      vi: '<p>Mọi ván cược đã kết thúc trong hôm nay đều được tính vào mốc 200.00. Khi đạt mốc, hãy nhận 5.00 — mỗi ngày một lần.</p>',
    },
    reward: 500,
    settings: { kind: 'DAILY_TASK', target: 20_000 },
  },
  {
    category: 'DAILY',
    title: { en: 'Daily sign-in: 1.00', vi: 'Điểm danh hằng ngày: 1.00' },
    summary: { en: 'Sign in every day and claim 1.00.', vi: 'Điểm danh mỗi ngày và nhận 1.00.' },
    content: {
      en: '<p>Claim 1.00 once a day, every day. A new day starts at midnight.</p>',
      vi: '<p>Nhận 1.00 mỗi ngày một lần. Ngày mới bắt đầu lúc nửa đêm.</p>',
    },
    reward: 100,
    settings: { kind: 'SIGN_IN' },
  },
  {
    category: 'OTHER',
    title: { en: 'Weekend raffle: 3 winners of 88.00', vi: 'Xổ số cuối tuần: 3 giải 88.00' },
    summary: {
      en: 'Join before the draw; 3 members drawn at random win 88.00 each.',
      vi: 'Tham gia trước giờ quay; 3 thành viên được chọn ngẫu nhiên, mỗi người nhận 88.00.',
    },
    content: {
      en: '<p>Join for free before the draw. Three winners are drawn at random among everyone who joined.</p><p>Winners claim 88.00 on this page after the draw.</p>',
      vi: '<p>Tham gia miễn phí trước giờ quay. Ba người thắng được chọn ngẫu nhiên trong số những người tham gia.</p><p>Người thắng nhận 88.00 trên trang này sau khi quay.</p>',
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
        contents: { en: sanitizeHtml(p.content.en), vi: sanitizeHtml(p.content.vi) },
        reward: BigInt(p.reward),
        settings,
        code: settings.kind === 'CODE' ? settings.code : null,
        startsAt: now,
        sort,
      };
    }),
  );
}
