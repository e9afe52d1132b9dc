import PDFDocument from "pdfkit";
import { formatUsd, refundNote } from "../../../domain/billing";
import type { InvoiceRow } from "../../../domain/billing.schemas";

/** The invoice as a one-page PDF (pdfkit's built-in Helvetica: nothing fetched). */
export function invoicePdf(
  invoice: InvoiceRow,
  account: { businessName: string; email: string },
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: "LETTER",
      margin: 56,
      info: { Title: `Invoice ${invoice.number}` },
    });
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);

    doc.fontSize(22).font("Helvetica-Bold").text("Parley", { continued: false });
    doc.moveDown(0.2).fontSize(10).font("Helvetica").fillColor("#555").text("Business texting");
    doc
      .moveDown(1.5)
      .fillColor("#000")
      .fontSize(16)
      .font("Helvetica-Bold")
      .text(`Invoice ${invoice.number}`);
    doc.moveDown(0.5).fontSize(10).font("Helvetica");
    doc.text(`Date: ${invoice.createdAt.slice(0, 10)}`);
    doc.text(`Status: ${PDF_STATUS[invoice.status]}`);
    if (invoice.card) doc.text(`Card: ${invoice.card}`);
    doc.moveDown(1).font("Helvetica-Bold").text("Billed to");
    doc.font("Helvetica").text(account.businessName).text(account.email);

    doc.moveDown(1.5);
    const top = doc.y;
    doc
      .font("Helvetica-Bold")
      .text("Description", 56, top)
      .text("Amount", 420, top, { width: 136, align: "right" });
    doc
      .moveTo(56, top + 16)
      .lineTo(556, top + 16)
      .strokeColor("#ccc")
      .stroke();
    // One row per line: the plan and each monthly add-on (older invoices: their description).
    const lines = invoice.lines.length
      ? invoice.lines
      : [{ description: invoice.description, amountCents: invoice.amountCents }];
    let row = top + 24;
    doc.font("Helvetica");
    for (const line of lines) {
      doc.text(line.description, 56, row, { width: 340 });
      doc.text(formatUsd(line.amountCents), 420, row, { width: 136, align: "right" });
      row += 20;
    }
    row -= 20;
    doc
      .moveTo(56, row + 24)
      .lineTo(556, row + 24)
      .stroke();
    doc
      .font("Helvetica-Bold")
      .text("Total (USD)", 56, row + 32)
      .text(formatUsd(invoice.amountCents), 420, row + 32, { width: 136, align: "right" });
    const refund = refundNote(invoice);
    if (refund) doc.font("Helvetica").text(refund, 56, row + 56);
    if (invoice.failure) {
      doc
        .moveDown(2)
        .font("Helvetica")
        .fillColor("#b91c1c")
        .text(
          invoice.status === "disputed" || invoice.status === "dispute_lost"
            ? invoice.failure
            : `Not paid: ${invoice.failure}`,
          56,
        );
    }
    doc.end();
  });
}

const PDF_STATUS: Record<InvoiceRow["status"], string> = {
  pending: "Processing",
  paid: "Paid",
  failed: "Payment failed",
  requires_action: "Awaiting the customer's confirmation",
  refunded: "Refunded",
  disputed: "Disputed by the cardholder",
  dispute_lost: "Dispute lost: returned to the cardholder",
};
