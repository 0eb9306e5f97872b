import { lazy } from '../lazy';
import { formatAbn, gstLine, type ClubProfile } from '../../shared/club-profile';
import { formatAud } from '../../shared/membership';

const pdfkit = lazy(() => import('pdfkit'));

/** What a receipt says: who issued it, to whom, for what, and how much (GST included, or none charged). */
export interface ReceiptDocument {
  /** The club as its profile names it: its name, ABN, GST standing and colours. */
  club: Pick<ClubProfile, 'name' | 'abn' | 'gstRegistered' | 'colours'>;
  /** The club's postal address (the receipts setting; blank: none) and contact e-mail, printed under its name. */
  address: string;
  email: string;
  number: string;
  /** The day the money was received, DD/MM/YYYY (club time). */
  date: string;
  billTo: { name: string; address: string | null };
  items: { description: string; amountCents: number }[];
  totalCents: number;
  paidWith: string | null;
  reference: string | null;
  refunds: { date: string; amountCents: number }[];
}

/** The GST in a GST-inclusive price (one eleventh), to the cent. */
export const gstIncluded = (cents: number) => Math.round(cents / 11);

/**
 * 'Tax invoice' (the ATO's words) from a club registered for GST, which a tax invoice must name by its ABN; 'Receipt'
 * otherwise.
 */
export const receiptTitle = (club: Pick<ClubProfile, 'abn' | 'gstRegistered'>) =>
  club.gstRegistered && club.abn ? 'Tax invoice' : 'Receipt';

/** One A4 page: the club's name, ABN and address, the title and number, the member, the items, the total and GST line. */
export async function renderReceiptPdf(receipt: ReceiptDocument): Promise<Buffer> {
  const { default: PdfDocument } = await pdfkit();
  const { club } = receipt;
  const title = receiptTitle(club);
  const doc = new PdfDocument({
    size: 'A4',
    margin: 56,
    info: { Title: `${title} ${receipt.number} · ${club.name}`, Author: club.name },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const amountWidth = 110;

  doc.fillColor(club.colours.primaryDark).font('Helvetica-Bold').fontSize(18).text(club.name);
  doc.fillColor('#000').font('Helvetica').fontSize(10);
  if (club.abn) doc.text(`ABN ${formatAbn(club.abn)}`);
  if (receipt.address) doc.text(receipt.address);
  doc.text(receipt.email).moveDown(1.5);

  doc.font('Helvetica-Bold').fontSize(16).text(title).moveDown(0.4);
  doc.font('Helvetica').fontSize(10);
  doc.text(`${title} number: ${receipt.number}`);
  doc.text(`Date: ${receipt.date}`).moveDown(1);
  doc.font('Helvetica-Bold').text('Issued to');
  doc.font('Helvetica').text(receipt.billTo.name);
  if (receipt.billTo.address) doc.text(receipt.billTo.address);
  doc.moveDown(1.2);

  const row = (label: string, amount: string, bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    doc.text(label, left, y, { width: width - amountWidth - 10 });
    const after = doc.y;
    doc.text(amount, left + width - amountWidth, y, { width: amountWidth, align: 'right' });
    doc.y = Math.max(after, doc.y) + 4;
    doc.x = left;
  };
  const rule = () => {
    doc
      .moveTo(left, doc.y)
      .lineTo(left + width, doc.y)
      .strokeColor('#999')
      .lineWidth(0.5)
      .stroke();
    doc.y += 6;
  };
  row('Description', 'Amount', true);
  rule();
  for (const item of receipt.items) row(item.description, formatAud(item.amountCents));
  rule();
  row(club.gstRegistered ? 'Total (GST included)' : 'Total', formatAud(receipt.totalCents), true);
  if (club.gstRegistered) row('GST included in the total', formatAud(gstIncluded(receipt.totalCents)));
  row('Amount paid', formatAud(receipt.totalCents), true);
  doc.moveDown(0.6);
  doc.font('Helvetica').fontSize(10).text(gstLine(club)).moveDown(0.4);
  if (receipt.paidWith) doc.text(`Paid by ${receipt.paidWith}${receipt.reference ? ` (reference ${receipt.reference})` : ''}.`);
  for (const refund of receipt.refunds) doc.text(`Refunded ${formatAud(refund.amountCents)} on ${refund.date}.`);
  doc.moveDown(1.5).fillColor('#555').fontSize(9).text(`Thank you for supporting ${club.name}.`);
  doc.end();
  return done;
}
