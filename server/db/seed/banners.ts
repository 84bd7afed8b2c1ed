import type { BannerGroup } from '../../../contract/content.ts';
import type { SeedText } from './text.ts';

/** Demo banner titles per route group; the art is generated from the title and the brand colours. */
export const bannerTitles = (brand: string): Record<BannerGroup, SeedText[]> => ({
  home: [
    {
      en: 'Welcome bonus up to 100%',
      vi: 'Thưởng chào mừng đến 100%',
      th: 'โบนัสต้อนรับสูงสุด 100%',
      zh: '新会员红利高达 100%',
    },
    {
      en: 'Daily rebate on every bet',
      vi: 'Hoàn trả mỗi ngày cho mọi cược',
      th: 'เงินคืนทุกวันจากทุกการเดิมพัน',
      zh: '每笔投注天天返水',
    },
    {
      en: 'Vietnam lottery, every evening',
      vi: 'Xổ số Việt Nam mỗi tối',
      th: 'หวยเวียดนาม ออกทุกเย็น',
      zh: '越南彩票，每晚开奖',
    },
  ],
  rng: [
    {
      en: 'Slots: new titles every week',
      vi: 'Slot: trò mới mỗi tuần',
      th: 'สล็อต: เกมใหม่ทุกสัปดาห์',
      zh: '电子游戏：每周上新',
    },
    { en: 'Spin and win big', vi: 'Quay và thắng lớn', th: 'หมุนแล้วลุ้นรางวัลใหญ่', zh: '转动卷轴，赢取大奖' },
  ],
  live: [
    {
      en: 'Live casino, real dealers',
      vi: 'Sòng bài trực tiếp, nhà cái thật',
      th: 'คาสิโนสด ดีลเลอร์ตัวจริง',
      zh: '真人娱乐场，真人荷官',
    },
  ],
  fish: [
    {
      en: 'Fishing games for everyone',
      vi: 'Bắn cá cho mọi người',
      th: 'เกมยิงปลาสำหรับทุกคน',
      zh: '人人都能玩的捕鱼游戏',
    },
  ],
  pvp: [
    {
      en: 'Card rooms open all day',
      vi: 'Phòng bài mở cả ngày',
      th: 'ห้องเกมไพ่เปิดตลอดวัน',
      zh: '棋牌房间全天开放',
    },
  ],
  sports: [
    {
      en: 'Best odds on football',
      vi: 'Tỷ lệ tốt nhất cho bóng đá',
      th: 'ราคาบอลดีที่สุด',
      zh: '足球最佳赔率',
    },
  ],
  esports: [
    {
      en: 'Bet on your favourite teams',
      vi: 'Cược cho đội bạn yêu thích',
      th: 'เดิมพันทีมโปรดของคุณ',
      zh: '为您支持的战队下注',
    },
  ],
  cockfight: [{ en: 'Cockfight arena', vi: 'Đấu trường đá gà', th: 'สังเวียนชนไก่', zh: '斗鸡竞技场' }],
  lottery: [{ en: 'Draws every minute', vi: 'Quay số mỗi phút', th: 'ออกผลทุกนาที', zh: '每分钟开奖' }],
  download: [
    { en: 'Play on your phone', vi: 'Chơi trên điện thoại', th: 'เล่นบนมือถือของคุณ', zh: '用手机随时畅玩' },
  ],
  promotion: [
    {
      en: 'Promotions for members',
      vi: 'Khuyến mãi cho thành viên',
      th: 'โปรโมชั่นสำหรับสมาชิก',
      zh: '会员专属优惠活动',
    },
  ],
  shop: [{ en: 'Points mall', vi: 'Cửa hàng điểm', th: 'ร้านแลกแต้ม', zh: '积分商城' }],
  help: [
    {
      en: 'We are here to help',
      vi: 'Chúng tôi luôn sẵn sàng hỗ trợ',
      th: 'เราพร้อมช่วยเหลือคุณเสมอ',
      zh: '我们随时为您提供帮助',
    },
  ],
  register: [
    {
      en: 'Join in one minute',
      vi: 'Tham gia trong một phút',
      th: 'สมัครสมาชิกได้ในหนึ่งนาที',
      zh: '一分钟完成注册',
    },
  ],
  // The brand's own name: every merchant's in-house games are its own originals.
  inhouse: [
    {
      en: `${brand} Originals`,
      vi: `Trò chơi độc quyền ${brand}`,
      th: `เกมออริจินัลของ ${brand}`,
      zh: `${brand} 原创游戏`,
    },
  ],
  w_help: [{ en: 'Help centre', vi: 'Trung tâm trợ giúp', th: 'ศูนย์ช่วยเหลือ', zh: '帮助中心' }],
  w_download: [{ en: 'Download the app', vi: 'Tải ứng dụng', th: 'ดาวน์โหลดแอป', zh: '下载应用' }],
});
