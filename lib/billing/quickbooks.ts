/**
 * A statement as a QuickBooks Desktop invoice in IIF (docs/billing.md "QuickBooks"), per
 * QuickBooks' own IIF reference for transactions: a tab-delimited text file whose header rows
 * `!TRNS`, `!SPL` and `!ENDTRNS` name the columns; each transaction is a `TRNS` row, its
 * distribution lines as `SPL` rows, then `ENDTRNS`. TRNSTYPE, ACCNT and AMOUNT are required; DATE
 * is MM/DD/YY. For an INVOICE the TRNS row debits Accounts Receivable with the invoice total and
 * each SPL row credits an income (or sales tax) account, so its amount is negative and the SPL
 * amounts add up to minus the TRNS amount; QNTY on an invoice line is negative too.
 *
 * Pure: the statement file service writes it, the tests parse it back with the same rules.
 */
import { centsToDecimal } from "@/lib/money";
import type { TaxCategory } from "./pricing";

/** The QuickBooks accounts and items the invoice posts to (create them once in QuickBooks, or rename them there to these). */
export const QUICKBOOKS_ACCOUNTS = {
  receivable: "Accounts Receivable",
  salesTax: "Sales Tax Payable",
  income: { service: "Cremation Services", option: "Memorial Options", merchandise: "Merchandise Sales" } satisfies Record<TaxCategory, string>,
} as const;
export const QUICKBOOKS_ITEMS = {
  salesTax: "Sales Tax",
  income: { service: "Cremation service", option: "Memorial option", merchandise: "Urn or keepsake" } satisfies Record<TaxCategory, string>,
} as const;

export const IIF_TRNS_COLUMNS = ["TRNSID", "TRNSTYPE", "DATE", "ACCNT", "NAME", "AMOUNT", "DOCNUM", "MEMO", "TOPRINT"] as const;
export const IIF_SPL_COLUMNS = ["SPLID", "TRNSTYPE", "DATE", "ACCNT", "NAME", "AMOUNT", "DOCNUM", "MEMO", "INVITEM", "QNTY", "PRICE", "TAXABLE"] as const;

export interface InvoiceLine {
  description: string;
  category: TaxCategory;
  amountCents: number;
  taxCents: number;
}

export interface StatementInvoice {
  /** The statement number (DOCNUM). */
  number: string;
  customer: string;
  /** The statement's last day, yyyy-MM-dd. */
  day: string;
  memo: string;
  lines: readonly InvoiceLine[];
}

/** A field as IIF holds it: one line, no tab, no double quote (QuickBooks reads quotes as delimiters). */
export const iifField = (value: string): string => value.replace(/[\t\r\n]+/g, " ").replace(/"/g, "'").trim();

/** yyyy-MM-dd to MM/DD/YY. */
export const iifDate = (day: string): string => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(2, 4)}`;

const row = (cells: readonly string[]) => cells.join("\t");

/**
 * The IIF text: the three header rows, then one INVOICE (when the statement has charges): a SPL
 * row per charge line and one for the sales tax when there is any. CRLF line ends, a final CRLF.
 */
export function toIif(invoice: StatementInvoice): string {
  const rows = [row(["!TRNS", ...IIF_TRNS_COLUMNS]), row(["!SPL", ...IIF_SPL_COLUMNS]), row(["!ENDTRNS"])];
  if (invoice.lines.length > 0) {
    const date = iifDate(invoice.day);
    const name = iifField(invoice.customer);
    const doc = iifField(invoice.number);
    const tax = invoice.lines.reduce((sum, line) => sum + line.taxCents, 0);
    const total = invoice.lines.reduce((sum, line) => sum + line.amountCents, 0) + tax;
    rows.push(row(["TRNS", "", "INVOICE", date, QUICKBOOKS_ACCOUNTS.receivable, name, centsToDecimal(total), doc, iifField(invoice.memo), "N"]));
    for (const line of invoice.lines) {
      rows.push(
        row([
          "SPL", "", "INVOICE", date, QUICKBOOKS_ACCOUNTS.income[line.category], name, centsToDecimal(-line.amountCents), doc,
          iifField(line.description), QUICKBOOKS_ITEMS.income[line.category], "-1", centsToDecimal(line.amountCents), line.taxCents !== 0 ? "Y" : "N",
        ]),
      );
    }
    if (tax !== 0) {
      rows.push(row(["SPL", "", "INVOICE", date, QUICKBOOKS_ACCOUNTS.salesTax, "", centsToDecimal(-tax), doc, "Sales tax", QUICKBOOKS_ITEMS.salesTax, "", "", "N"]));
    }
    rows.push(row(["ENDTRNS"]));
  }
  return `${rows.join("\r\n")}\r\n`;
}
