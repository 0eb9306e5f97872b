import { lazy } from '../lazy';
import { CLUB } from '../../shared/club';

const pdfkit = lazy(() => import('pdfkit'));

export interface PdfTable {
  heading: string;
  columns: { label: string; width: number; align?: 'left' | 'right' }[];
  rows: string[][];
  /** Shown instead of an empty table. */
  empty?: string;
}

/**
 * A printable report: the club's name, a title and period, a notice when there is one (say, that the results are
 * provisional), then tables; page numbers in the footer.
 */
export async function renderReportPdf(report: {
  title: string;
  subtitle: string;
  notice?: string | null;
  tables: PdfTable[];
}): Promise<Buffer> {
  const { default: PdfDocument } = await pdfkit();
  const doc = new PdfDocument({
    size: 'A4',
    margin: 48,
    bufferPages: true,
    info: { Title: `${report.title} · ${CLUB.name}`, Author: CLUB.name },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  doc.fillColor(CLUB.colours.primaryDark).font('Helvetica-Bold').fontSize(18).text(CLUB.name);
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

  const pages = doc.bufferedPageRange();
  for (let i = 0; i < pages.count; i++) {
    doc.switchToPage(i);
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor('#777')
      .text(`${CLUB.name} · ${report.title} · page ${i + 1} of ${pages.count}`, left, doc.page.height - 36, { lineBreak: false });
  }
  doc.end();
  return done;
}
