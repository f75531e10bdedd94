import QRCode from 'qrcode';

/**
 * Error correction M (15 % of the code may be lost): a printed code survives a stain or a crease, and an
 * ordering URL with its token still fits a small version. The quiet zone is the standard four modules.
 */
export const QR_OPTIONS = { errorCorrectionLevel: 'M', margin: 4 } as const;

/** The QR code of one URL, as a standalone SVG document. */
export function qrSvg(url: string): Promise<string> {
  return QRCode.toString(url, { ...QR_OPTIONS, type: 'svg' });
}

/** The code's dark modules, row by row (what the PDF sheet draws as vector squares). */
export function qrModules(url: string): { size: number; isDark(row: number, column: number): boolean } {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: QR_OPTIONS.errorCorrectionLevel });
  return { size: modules.size, isDark: (row, column) => modules.get(row, column) === 1 };
}
