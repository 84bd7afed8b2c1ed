import type { BannerGroup } from '../../../contract/content.ts';

type Title = { en: string; vi: string };

/** Demo banner titles per route group; the art is generated from the title and the brand colours. */
export const BANNER_TITLES: Record<BannerGroup, Title[]> = {
  home: [
    { en: 'Welcome bonus up to 100%', vi: 'Thưởng chào mừng đến 100%' },
    { en: 'Daily rebate on every bet', vi: 'Hoàn trả mỗi ngày cho mọi cược' },
    { en: 'Vietnam lottery, every evening', vi: 'Xổ số Việt Nam mỗi tối' },
  ],
  rng: [
    { en: 'Slots: new titles every week', vi: 'Slot: trò mới mỗi tuần' },
    { en: 'Spin and win big', vi: 'Quay và thắng lớn' },
  ],
  live: [{ en: 'Live casino, real dealers', vi: 'Sòng bài trực tiếp, nhà cái thật' }],
  fish: [{ en: 'Fishing games for everyone', vi: 'Bắn cá cho mọi người' }],
  pvp: [{ en: 'Card rooms open all day', vi: 'Phòng bài mở cả ngày' }],
  sports: [{ en: 'Best odds on football', vi: 'Tỷ lệ tốt nhất cho bóng đá' }],
  esports: [{ en: 'Bet on your favourite teams', vi: 'Cược cho đội bạn yêu thích' }],
  cockfight: [{ en: 'Cockfight arena', vi: 'Đấu trường đá gà' }],
  lottery: [{ en: 'Draws every minute', vi: 'Quay số mỗi phút' }],
  download: [{ en: 'Play on your phone', vi: 'Chơi trên điện thoại' }],
  promotion: [{ en: 'Promotions for members', vi: 'Khuyến mãi cho thành viên' }],
  shop: [{ en: 'Points mall', vi: 'Cửa hàng điểm' }],
  help: [{ en: 'We are here to help', vi: 'Chúng tôi luôn sẵn sàng hỗ trợ' }],
  register: [{ en: 'Join in one minute', vi: 'Tham gia trong một phút' }],
  inhouse: [{ en: 'Portico Originals', vi: 'Trò chơi độc quyền' }],
  w_help: [{ en: 'Help centre', vi: 'Trung tâm trợ giúp' }],
  w_download: [{ en: 'Download the app', vi: 'Tải ứng dụng' }],
};
