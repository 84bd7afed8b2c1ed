import { QRCodeSVG } from 'qrcode.react';

/** QR code carrying `value`, with the site icon in the middle (spec §9: size 200 and margin 20 by default). */
export function QrCode({
  value,
  label,
  iconUrl,
  size = 200,
  margin = 20,
}: {
  value: string;
  label: string;
  iconUrl?: string;
  size?: number;
  margin?: number;
}) {
  const icon = Math.round(size / 5);
  return (
    <QRCodeSVG
      value={value}
      size={size}
      marginSize={Math.round(margin / 4)}
      title={label}
      role="img"
      aria-label={label}
      level="M"
      bgColor="#ffffff"
      fgColor="#000000"
      imageSettings={iconUrl ? { src: iconUrl, height: icon, width: icon, excavate: true } : undefined}
    />
  );
}
