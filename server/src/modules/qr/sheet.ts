import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { qrModules } from './svg.ts';

/** One table's cell on the sheet. */
export interface SheetTable {
  tableNumber: number;
  /** The ordering URL with its token: what the code carries (`tableOrderUrl`). */
  url: string;
}

export interface SheetInput {
  restaurantName: string;
  /** The language of the URLs; the table title follows it, the instruction is always Hungarian and English. */
  lang: 'hu' | 'en';
  tables: SheetTable[];
}

const MM = 72 / 25.4;
/** A4 in points, a grid of cells with a 10 mm printer margin; dashed lines between cells to cut along. */
export const SHEET_LAYOUT = {
  pageWidth: 595.28,
  pageHeight: 841.89,
  margin: 10 * MM,
  columns: 2,
  rows: 3,
  padding: 5 * MM,
  qrSize: 160,
} as const;
export const TABLES_PER_PAGE = SHEET_LAYOUT.columns * SHEET_LAYOUT.rows;

export const INSTRUCTIONS = {
  hu: 'Olvassa be a kódot a telefonjával, és rendeljen az asztaltól.',
  en: 'Scan the code with your phone to order from your table.',
} as const;

function tableTitle(lang: 'hu' | 'en', tableNumber: number): string {
  return lang === 'hu' ? `${tableNumber}. asztal` : `Table ${tableNumber}`;
}

// pdfkit's standard fonts (WinAnsi) have no ő or ű: an embedded TrueType font with full Latin coverage.
const require = createRequire(import.meta.url);
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

/** The top-left corner of the cell at `index` on its page. */
export function cellOrigin(index: number): { x: number; y: number; width: number; height: number } {
  const { pageWidth, pageHeight, margin, columns, rows } = SHEET_LAYOUT;
  const width = (pageWidth - 2 * margin) / columns;
  const height = (pageHeight - 2 * margin) / rows;
  const slot = index % TABLES_PER_PAGE;
  return {
    x: margin + (slot % columns) * width,
    y: margin + Math.floor(slot / columns) * height,
    width,
    height,
  };
}

function drawCutLines(doc: PDFKit.PDFDocument): void {
  const { pageWidth, pageHeight, margin, columns, rows } = SHEET_LAYOUT;
  const width = (pageWidth - 2 * margin) / columns;
  const height = (pageHeight - 2 * margin) / rows;
  doc.save().lineWidth(0.5).strokeColor('#9a9a9a').dash(4, { space: 3 });
  for (let c = 0; c <= columns; c++) {
    doc.moveTo(margin + c * width, margin).lineTo(margin + c * width, pageHeight - margin);
  }
  for (let r = 0; r <= rows; r++) {
    doc.moveTo(margin, margin + r * height).lineTo(pageWidth - margin, margin + r * height);
  }
  doc.stroke().undash().restore();
}

function drawQr(doc: PDFKit.PDFDocument, url: string, x: number, y: number, size: number): void {
  const qr = qrModules(url);
  // The quiet zone (four light modules each side) is inside `size`: nothing else is drawn there.
  const pitch = size / (qr.size + 8);
  doc.save().fillColor('#000000');
  for (let row = 0; row < qr.size; row++) {
    for (let column = 0; column < qr.size; column++) {
      if (qr.isDark(row, column)) {
        doc.rect(x + (column + 4) * pitch, y + (row + 4) * pitch, pitch, pitch);
      }
    }
  }
  doc.fill().restore();
}

function drawCell(doc: PDFKit.PDFDocument, input: SheetInput, table: SheetTable, index: number): void {
  const cell = cellOrigin(index);
  const { padding, qrSize } = SHEET_LAYOUT;
  const x = cell.x + padding;
  const width = cell.width - 2 * padding;
  let y = cell.y + padding;

  doc.font('bold').fontSize(11).fillColor('#333333');
  doc.text(input.restaurantName, x, y, {
    width,
    align: 'center',
    lineBreak: false,
    ellipsis: true,
    height: 14,
  });
  y += 16;
  doc.font('bold').fontSize(24).fillColor('#000000');
  doc.text(tableTitle(input.lang, table.tableNumber), x, y, { width, align: 'center', lineBreak: false });
  y += 30;
  drawQr(doc, table.url, cell.x + (cell.width - qrSize) / 2, y, qrSize);
  y += qrSize + 2;
  doc.font('regular').fontSize(8).fillColor('#222222');
  doc.text(INSTRUCTIONS.hu, x, y, { width, align: 'center' });
  doc.text(INSTRUCTIONS.en, x, doc.y + 1, { width, align: 'center' });
}

/** The A4 sheet (PDF) of the given tables, several per page, in the order given. */
export function renderQrSheet(input: SheetInput): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    autoFirstPage: false,
    info: { Title: `${input.restaurantName} — QR codes`, Author: 'Tablo' },
  });
  doc.registerFont('regular', FONT);
  doc.registerFont('bold', FONT_BOLD);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  input.tables.forEach((table, index) => {
    if (index % TABLES_PER_PAGE === 0) {
      doc.addPage();
      drawCutLines(doc);
    }
    drawCell(doc, input, table, index);
  });
  doc.end();
  return done;
}
