import { encode } from 'uqr';
import { lazy } from '../lazy';
import type { ClubProfile } from '../../shared/club-profile';

const pdfkit = lazy(() => import('pdfkit'));

export interface PdfTable {
  heading: string;
  columns: { label: string; width: number; align?: 'left' | 'right' }[];
  rows: string[][];
  /** Shown instead of an empty table. */
  empty?: string;
}

/** Cards that each carry a QR code of a link (to scan with a phone), drawn after the tables, one to a line. */
export interface PdfQrCards {
  heading: string;
  /** A sentence under the heading: what the codes are for. */
  note: string;
  cards: { title: string; lines: string[]; link: string }[];
}

/** What a report prints of the club: its name (heading, footer, the file's title and author) and its dark colour. */
export type PdfClub = Pick<ClubProfile, 'name' | 'colours'>;

export interface PdfReport {
  title: string;
  subtitle: string;
  notice?: string | null;
  tables: PdfTable[];
  /** Left out, or with no cards: nothing is drawn. */
  qrCards?: PdfQrCards;
}

/**
 * A printable report: the club's name, a title and period, a notice when there is one (say, that the results are
 * provisional), then tables; page numbers in the footer.
 */
export async function renderReportPdf(club: PdfClub, report: PdfReport): Promise<Buffer> {
  const { default: PdfDocument } = await pdfkit();
  const doc = new PdfDocument({
    size: 'A4',
    margin: 48,
    bufferPages: true,
    info: { Title: `${report.title} · ${club.name}`, Author: club.name },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  doc.fillColor(club.colours.primaryDark).font('Helvetica-Bold').fontSize(18).text(club.name);
  doc.fillColor('#000').fontSize(14).text(report.title);
  doc.font('Helvetica').fontSize(10).fillColor('#555').text(report.subtitle).moveDown(1);
  if (report.notice) doc.font('Helvetica-Bold').fontSize(11).fillColor('#b45309').text(report.notice, left).moveDown(1);

  for (const table of report.tables) {
    if (doc.y > doc.page.height - 140) doc.addPage();
    doc.fillColor('#000').font('Helvetica-Bold').fontSize(12).text(table.heading, left).moveDown(0.3);
    if (!table.rows.length) {
      doc
        .font('Helvetica')
        .fontSize(10)
        .fillColor('#555')
        .text(table.empty ?? 'Nothing to report.', left)
        .moveDown(1);
      continue;
    }
    const line = (cells: string[], bold: boolean) => {
      if (doc.y > doc.page.height - 80) doc.addPage();
      const y = doc.y;
      let x = left;
      doc
        .font(bold ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(9)
        .fillColor('#000');
      let height = 0;
      table.columns.forEach((column, i) => {
        doc.text(cells[i] ?? '', x, y, { width: column.width - 6, align: column.align ?? 'left' });
        height = Math.max(height, doc.y - y);
        x += column.width;
      });
      doc.y = y + height + 3;
      doc.x = left;
    };
    line(
      table.columns.map((c) => c.label),
      true,
    );
    for (const row of table.rows) line(row, false);
    doc.moveDown(1);
  }
  if (report.qrCards?.cards.length) drawQrCards(doc, report.qrCards);

  const pages = doc.bufferedPageRange();
  for (let i = 0; i < pages.count; i++) {
    doc.switchToPage(i);
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor('#777')
      .text(`${club.name} · ${report.title} · page ${i + 1} of ${pages.count}`, left, doc.page.height - 36, { lineBreak: false });
  }
  doc.end();
  return done;
}

const QR_SIZE = 104;

/** Each card: the QR code on the left (vector squares, crisp in print), its title, lines and the link as text beside it. */
function drawQrCards(doc: PDFKit.PDFDocument, section: PdfQrCards): void {
  const left = doc.page.margins.left;
  if (doc.y > doc.page.height - 200) doc.addPage();
  doc.fillColor('#000').font('Helvetica-Bold').fontSize(12).text(section.heading, left).moveDown(0.3);
  doc.font('Helvetica').fontSize(9).fillColor('#555').text(section.note, left).moveDown(0.5);
  for (const card of section.cards) {
    if (doc.y > doc.page.height - QR_SIZE - 70) doc.addPage();
    const top = doc.y;
    // Medium error correction and the quiet zone scanners need, as on the desk's screen.
    const { data, size } = encode(card.link, { ecc: 'M', border: 4 });
    const module = QR_SIZE / size;
    data.forEach((row, y) =>
      row.forEach((dark, x) => {
        if (dark) doc.rect(left + x * module, top + y * module, module, module);
      }),
    );
    doc.fill('#000');
    const textLeft = left + QR_SIZE + 12;
    doc
      .font('Helvetica-Bold')
      .fontSize(11)
      .fillColor('#000')
      .text(card.title, textLeft, top + 12);
    doc.font('Helvetica').fontSize(9);
    for (const line of card.lines) doc.text(line, textLeft);
    // The link on one line (to type in when a camera will not read the code), smaller where it is long.
    const room = doc.page.width - doc.page.margins.right - textLeft;
    doc.fontSize(7);
    doc.fontSize(Math.min(7, (7 * room) / doc.widthOfString(card.link)));
    doc.fillColor('#555').text(card.link, textLeft, doc.y + 2, { lineBreak: false });
    doc.x = left;
    doc.y = Math.max(top + QR_SIZE, doc.y) + 8;
  }
}
