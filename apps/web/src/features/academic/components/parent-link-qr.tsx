import { QRCodeSVG } from 'qrcode.react';

/** The link as a QR code a parent's phone can scan (its own chunk: loaded when a link is shown). */
export function ParentLinkQr({ value, title }: { value: string; title: string }) {
  return <QRCodeSVG value={value} size={168} marginSize={2} title={title} data-testid="parent-link-qr" />;
}
