/**
 * Clinic billing's request and response schemas (docs/billing.md): price
 * lists, products, the tax settings, case charges, payments and statements. Amounts come in as
 * dollars (moneyField) and go out as integer cents.
 */
import { z } from "zod";
import { MONTH_KEY, OPTION_CODES, overlappingBrackets, parseRate, PAYMENT_METHODS, PRODUCT_CATEGORIES, SERVICE_TYPES, TAX_CATEGORIES, bracketLabel } from "@/lib/billing/pricing";
import { centsSchema, moneyField, parseMoney } from "@/lib/money";
import { isoDateTime } from "./common";
import { dayKeyField, optionalText, requiredText, uuidField } from "./fields";

/** The largest amount one line may carry: $1,000,000.00 (an int4 column holds far more; a typo never should). */
const MAX_CENTS = 100_000_000;
const price = (field: string) => moneyField(field).refine((c) => c <= MAX_CENTS, `${field} must be at most 1000000.00`);

const pounds = (field: string) => z.number({ error: `${field} must be a whole number of pounds` }).int(`${field} must be a whole number of pounds`).min(0, `${field} must not be negative`).max(10_000, `${field} must be at most 10000`);

const serviceItem = z.object({
  kind: z.literal("service"),
  serviceType: z.enum(SERVICE_TYPES, { error: "serviceType must be private, partitioned or communal" }),
  minLbs: pounds("minLbs"),
  maxLbs: pounds("maxLbs").nullable().default(null),
  price: price("price"),
});
const optionItem = z.object({
  kind: z.literal("option"),
  optionCode: z.enum(OPTION_CODES, { error: "optionCode must be paw_print, fur_clipping or private_viewing" }),
  price: price("price"),
});
const productItem = z.object({ kind: z.literal("product"), productId: uuidField("productId"), price: price("price") });

export const priceItemInputSchema = z.discriminatedUnion("kind", [serviceItem, optionItem, productItem], { error: "kind must be service, option or product" });

export const createPriceListSchema = z
  .object({
    clinicVendorId: uuidField("clinicVendorId").nullable().default(null),
    effectiveFrom: dayKeyField("effectiveFrom"),
    note: optionalText("note", 500),
    items: z.array(priceItemInputSchema, { error: "items must be a list" }).min(1, "items must hold at least one price").max(300, "items must hold at most 300 prices"),
  })
  .superRefine((value, ctx) => {
    const services = value.items.flatMap((item, index) => (item.kind === "service" ? [{ ...item, index }] : []));
    services.forEach((item) => {
      if (item.maxLbs !== null && item.maxLbs < item.minLbs) {
        ctx.addIssue({ code: "custom", path: ["items", item.index, "maxLbs"], message: `items[${item.index}].maxLbs must not be below minLbs` });
      }
    });
    const pair = overlappingBrackets(services);
    if (pair) {
      const [a, b] = [services[pair[0]], services[pair[1]]];
      ctx.addIssue({
        code: "custom",
        path: ["items", b.index, "minLbs"],
        message: `items[${b.index}].minLbs: the ${b.serviceType} bracket ${bracketLabel(b.minLbs, b.maxLbs)} overlaps ${bracketLabel(a.minLbs, a.maxLbs)}`,
      });
    }
    const seen = new Set<string>();
    value.items.forEach((item, index) => {
      const key = item.kind === "option" ? `o:${item.optionCode}` : item.kind === "product" ? `p:${item.productId}` : null;
      if (key && seen.has(key)) ctx.addIssue({ code: "custom", path: ["items", index], message: `items[${index}] is priced twice` });
      if (key) seen.add(key);
    });
  });
export type CreatePriceListInput = z.output<typeof createPriceListSchema>;

export const priceItemSchema = z.object({
  id: z.string(),
  kind: z.enum(["service", "option", "product"]),
  serviceType: z.enum(SERVICE_TYPES).nullable(),
  minLbs: z.number().int().nullable(),
  maxLbs: z.number().int().nullable(),
  optionCode: z.enum(OPTION_CODES).nullable(),
  productId: z.string().nullable(),
  label: z.string(),
  priceCents: centsSchema,
});
export type PriceItem = z.infer<typeof priceItemSchema>;

export const priceListVersionSchema = z.object({
  id: z.string(),
  clinicVendorId: z.string().nullable(),
  clinicName: z.string().nullable(),
  effectiveFrom: z.string(),
  note: z.string().nullable(),
  createdAt: isoDateTime,
  createdByName: z.string(),
  items: z.array(priceItemSchema),
});
export type PriceListVersion = z.infer<typeof priceListVersionSchema>;

export const productSchema = z.object({
  id: z.string(),
  name: z.string(),
  category: z.enum(PRODUCT_CATEGORIES),
  stock: z.number().int(),
  isActive: z.boolean(),
});
export type Product = z.infer<typeof productSchema>;

export const priceListsSchema = z.object({
  versions: z.array(
    priceListVersionSchema.omit({ items: true }).extend({ itemCount: z.number().int(), inForce: z.boolean() }),
  ),
  products: z.array(productSchema),
});
export type PriceLists = z.infer<typeof priceListsSchema>;

export const listPriceListsQuerySchema = z.object({ clinicVendorId: uuidField("clinicVendorId").optional() });

const stockField = z.number({ error: "stock must be a whole number" }).int("stock must be a whole number").min(0, "stock must not be negative").max(1_000_000, "stock must be at most 1000000");
export const createProductSchema = z.object({
  name: requiredText("name", 120),
  category: z.enum(PRODUCT_CATEGORIES, { error: "category must be urn or keepsake" }),
  stock: stockField.default(0),
});
export const updateProductSchema = z
  .object({ name: requiredText("name", 120).optional(), stock: stockField.optional(), isActive: z.boolean({ error: "isActive must be true or false" }).optional() })
  .refine((v) => v.name !== undefined || v.stock !== undefined || v.isActive !== undefined, { message: "name, stock or isActive is required", path: ["stock"] });

const rateField = (field: string) =>
  z.union([z.string(), z.number()], { error: `${field} must be a percentage` }).transform((value, ctx) => {
    const rate = parseRate(value);
    if (rate === null) {
      ctx.addIssue({ code: "custom", message: `${field} must be a percentage from 0 to 100 with at most three decimals` });
      return z.NEVER;
    }
    return rate;
  });

export const updateBillingSettingsSchema = z.object({
  salesTaxEnabled: z.boolean({ error: "salesTaxEnabled must be true or false" }),
  serviceTaxRate: rateField("serviceTaxRate"),
  optionTaxRate: rateField("optionTaxRate"),
  merchandiseTaxRate: rateField("merchandiseTaxRate"),
});
export const billingSettingsSchema = z.object({
  salesTaxEnabled: z.boolean(),
  /** Thousandths of a percent (8.875 % = 8875). */
  serviceTaxRate: z.number().int(),
  optionTaxRate: z.number().int(),
  merchandiseTaxRate: z.number().int(),
});
export type BillingSettings = z.infer<typeof billingSettingsSchema>;

/** A signed amount ("-12.50" is a credit), never zero. */
const signedMoney = (field: string) =>
  z.union([z.string(), z.number()], { error: `${field} must be an amount` }).transform((value, ctx) => {
    const text = String(value).trim();
    const negative = text.startsWith("-");
    const cents = parseMoney(negative ? text.slice(1) : text);
    if (cents === null || cents === 0 || cents > MAX_CENTS) {
      ctx.addIssue({ code: "custom", message: cents === 0 ? `${field} must not be zero` : cents !== null ? `${field} must be at most 1000000.00` : `${field} must be an amount with at most two decimals` });
      return z.NEVER;
    }
    return negative ? -cents : cents;
  });

export const addCaseChargeSchema = z.discriminatedUnion(
  "kind",
  [
    z.object({ kind: z.literal("intake") }),
    z.object({ kind: z.literal("option"), optionCode: z.enum(OPTION_CODES, { error: "optionCode must be paw_print, fur_clipping or private_viewing" }) }),
    z.object({ kind: z.literal("product"), productId: uuidField("productId") }),
    z.object({
      kind: z.literal("adjustment"),
      amount: signedMoney("amount"),
      category: z.enum(TAX_CATEGORIES, { error: "category must be service, option or merchandise" }).default("service"),
      reason: requiredText("reason", 500),
    }),
  ],
  { error: "kind must be intake, option, product or adjustment" },
);
export type AddCaseChargeInput = z.output<typeof addCaseChargeSchema>;

export const caseChargeSchema = z.object({
  id: z.string(),
  kind: z.enum(["service", "option", "product", "adjustment"]),
  description: z.string(),
  category: z.enum(TAX_CATEGORIES),
  amountCents: centsSchema,
  taxCents: centsSchema,
  reason: z.string().nullable(),
  createdAt: isoDateTime,
  createdByName: z.string(),
  statementNumber: z.string().nullable(),
});
export const paymentSchema = z.object({
  id: z.string(),
  amountCents: centsSchema,
  method: z.enum(PAYMENT_METHODS),
  reference: z.string(),
  receivedOn: z.string(),
  statementNumber: z.string().nullable(),
});
export const caseChargesSchema = z.object({
  caseNumber: z.string(),
  clinic: z.object({ id: z.string(), name: z.string() }).nullable(),
  charges: z.array(caseChargeSchema),
  payments: z.array(paymentSchema),
  chargesCents: centsSchema,
  taxCents: centsSchema,
  paidCents: centsSchema,
  balanceCents: centsSchema,
});
export type CaseCharges = z.infer<typeof caseChargesSchema>;

export const recordPaymentSchema = z
  .object({
    clinicVendorId: uuidField("clinicVendorId").optional(),
    caseNumber: requiredText("caseNumber", 40).optional(),
    amount: price("amount").refine((c) => c > 0, "amount must be more than zero"),
    method: z.enum(PAYMENT_METHODS, { error: "method must be check, cash, card or transfer" }),
    reference: requiredText("reference", 120),
    receivedOn: dayKeyField("receivedOn"),
  })
  .refine((v) => (v.clinicVendorId === undefined) !== (v.caseNumber === undefined), { message: "clinicVendorId or caseNumber is required (one of them)", path: ["clinicVendorId"] });
export const recordedPaymentSchema = paymentSchema.extend({ clinicVendorId: z.string().nullable(), caseNumber: z.string().nullable() });

const monthField = z.string({ error: "month must be a month (yyyy-MM)" }).regex(MONTH_KEY, "month must be a month (yyyy-MM)").refine((m) => m >= "2000-01" && m <= "2100-12", "month must be between 2000 and 2100");

export const statementQuerySchema = z.object({ clinicVendorId: uuidField("clinicVendorId"), month: monthField });
export const issueStatementSchema = statementQuerySchema;
export const listStatementsQuerySchema = z.object({ clinicVendorId: uuidField("clinicVendorId").optional(), month: monthField.optional() });

export const statementLineSchema = z.object({
  kind: z.enum(["charge", "payment"]),
  day: z.string(),
  caseNumber: z.string().nullable(),
  petName: z.string().nullable(),
  description: z.string(),
  category: z.enum(TAX_CATEGORIES).nullable(),
  amountCents: centsSchema,
  taxCents: centsSchema,
});
export type StatementLine = z.infer<typeof statementLineSchema>;

const statementTotals = {
  previousBalanceCents: centsSchema,
  chargesCents: centsSchema,
  taxCents: centsSchema,
  paymentsCents: centsSchema,
  balanceCents: centsSchema,
};
export const statementSummarySchema = z.object({
  id: z.string(),
  number: z.string(),
  clinicVendorId: z.string(),
  clinicName: z.string(),
  month: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  issuedAt: isoDateTime,
  emailStatus: z.string().nullable(),
  ...statementTotals,
});
export type StatementSummary = z.infer<typeof statementSummarySchema>;
export const statementSchema = statementSummarySchema.extend({ billingEmail: z.string().nullable(), issuedByName: z.string(), lines: z.array(statementLineSchema) });
export type StatementDetail = z.infer<typeof statementSchema>;
export const statementListSchema = z.object({ statements: z.array(statementSummarySchema) });
export const statementPreviewSchema = z.object({
  clinicVendorId: z.string(),
  clinicName: z.string(),
  month: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  /** The statement of this month when it is issued already. */
  issued: statementSummarySchema.nullable(),
  lines: z.array(statementLineSchema),
  ...statementTotals,
});
export type StatementPreview = z.infer<typeof statementPreviewSchema>;

export const STATEMENT_FORMATS = ["pdf", "csv", "iif"] as const;
export const statementFileQuerySchema = z.object({ format: z.enum(STATEMENT_FORMATS, { error: "format must be pdf, csv or iif" }).default("pdf") });
/** The clinic portal's download (docs/clinics.md): the PDF or the CSV; the QuickBooks file is the bookkeeper's. */
export const CLINIC_STATEMENT_FORMATS = ["pdf", "csv"] as const;
export const clinicStatementFileQuerySchema = z.object({ format: z.enum(CLINIC_STATEMENT_FORMATS, { error: "format must be pdf or csv" }).default("pdf") });

/** What services hand over (a Date where the wire carries an ISO string). */
export type PriceListVersionAnswer = z.input<typeof priceListVersionSchema>;
export type PriceListsAnswer = z.input<typeof priceListsSchema>;
export type CaseChargesAnswer = z.input<typeof caseChargesSchema>;
export type StatementSummaryAnswer = z.input<typeof statementSummarySchema>;
export type StatementAnswer = z.input<typeof statementSchema>;
export type StatementPreviewAnswer = z.input<typeof statementPreviewSchema>;
export type RecordedPaymentAnswer = z.input<typeof recordedPaymentSchema>;
