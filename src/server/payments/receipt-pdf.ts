import { lazy } from '../lazy';
import { CLUB } from '../../shared/club';
import { formatAud } from '../../shared/membership';

const pdfkit = lazy(() => import('pdfkit'));

/** What a receipt says: who issued it, to whom, for what, and how much (GST included, or none charged). */
export interface ReceiptDocument {
  club: { name: string; abn: string; address: string; email: string };
  /** Registered for GST: the document is a tax invoice showing the GST in the price; otherwise a receipt. */
  gstRegistered: boolean;
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

/** 'Tax invoice' once the club is registered for GST (the ATO's words), 'Receipt' before. */
export const receiptTitle = (gstRegistered: boolean) => (gstRegistered ? 'Tax invoice' : 'Receipt');

/** An ABN as the ATO writes it: '12 345 678 901'. */
export const formatAbn = (abn: string) => {
  const digits = abn.replace(/\D/g, '');
  return digits.length === 11 ? `${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5, 8)} ${digits.slice(8)}` : abn.trim();
};

/** One A4 page: the club's name, ABN and address, the title and number, the member, the items, the total and GST line. */
export async function renderReceiptPdf(receipt: ReceiptDocument): Promise<Buffer> {
  const { default: PdfDocument } = await pdfkit();
  const title = receiptTitle(receipt.gstRegistered);
  const doc = new PdfDocument({
    size: 'A4',
    margin: 56,
    info: { Title: `${title} ${receipt.number} · ${receipt.club.name}`, Author: receipt.club.name },
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

  doc.fillColor(CLUB.colours.primaryDark).font('Helvetica-Bold').fontSize(18).text(receipt.club.name);
  doc.fillColor('#000').font('Helvetica').fontSize(10);
  if (receipt.club.abn) doc.text(`ABN ${formatAbn(receipt.club.abn)}`);
  if (receipt.club.address) doc.text(receipt.club.address);
  doc.text(receipt.club.email).moveDown(1.5);

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
  row(receipt.gstRegistered ? 'Total (GST included)' : 'Total', formatAud(receipt.totalCents), true);
  if (receipt.gstRegistered) row('GST included in the total', formatAud(gstIncluded(receipt.totalCents)));
  row('Amount paid', formatAud(receipt.totalCents), true);
  doc.moveDown(0.6);
  if (!receipt.gstRegistered) doc.font('Helvetica').fontSize(10).text('No GST has been charged.').moveDown(0.4);
  if (receipt.paidWith) doc.text(`Paid by ${receipt.paidWith}${receipt.reference ? ` (reference ${receipt.reference})` : ''}.`);
  for (const refund of receipt.refunds) doc.text(`Refunded ${formatAud(refund.amountCents)} on ${refund.date}.`);
  doc.moveDown(1.5).fillColor('#555').fontSize(9).text(`Thank you for supporting ${receipt.club.name}.`);
  doc.end();
  return done;
}
