/**
 * Clinic billing's API operations (lib/http/operation.ts; docs/billing.md): price lists, products, sales tax, a case's charges and receipt, payments,
 * statements and their files. Reading needs `billing.read`, writing `billing.manage`; API keys
 * need the `billing:read` / `billing:write` scopes.
 */
import { defineOperation } from "@/lib/http/operation";
import {
  addCaseChargeSchema,
  billingSettingsSchema,
  caseChargesSchema,
  createPriceListSchema,
  createProductSchema,
  issueStatementSchema,
  listPriceListsQuerySchema,
  listStatementsQuerySchema,
  priceListsSchema,
  priceListVersionSchema,
  productSchema,
  recordedPaymentSchema,
  recordPaymentSchema,
  statementFileQuerySchema,
  statementListSchema,
  statementPreviewSchema,
  statementQuerySchema,
  statementSchema,
  updateBillingSettingsSchema,
  updateProductSchema,
} from "@/lib/validations/billing";

export const listPriceLists = defineOperation({
  method: "GET",
  path: "/api/billing/price-lists",
  summary: "List price list versions and products",
  description: "Every version of the standard list and of clinics' own lists (`clinicVendorId` narrows to one clinic's), newest first, with which one is in force today, and the memorial products with their stock.",
  access: { permission: "billing.read" },
  query: listPriceListsQuerySchema,
  response: priceListsSchema,
});

export const createPriceList = defineOperation({
  method: "POST",
  path: "/api/billing/price-lists",
  summary: "Add a price list version",
  description:
    "A new version of the standard list (`clinicVendorId` null) or of a clinic's own list, in force from `effectiveFrom`. Charges already made keep their prices. Refused with 400 naming the field: a negative price, overlapping weight brackets of one service, an effective date on or before the last day of a month whose statement is issued (for that clinic; for the standard list, any clinic's).",
  access: { permission: "billing.manage" },
  body: createPriceListSchema,
  response: priceListVersionSchema,
  status: 201,
  errors: { 409: "A version of this list already starts that day" },
});

export const getPriceList = defineOperation({
  method: "GET",
  path: "/api/billing/price-lists/[id]",
  summary: "A price list version with its prices",
  access: { permission: "billing.read" },
  response: priceListVersionSchema,
});

export const createProduct = defineOperation({
  method: "POST",
  path: "/api/billing/products",
  summary: "Add a memorial product (urn or keepsake)",
  access: { permission: "billing.manage" },
  body: createProductSchema,
  response: productSchema,
  status: 201,
  errors: { 409: "A product of that name exists" },
});

export const updateProduct = defineOperation({
  method: "PATCH",
  path: "/api/billing/products/[id]",
  summary: "Rename a product, count its stock, or retire it",
  access: { permission: "billing.manage" },
  body: updateProductSchema,
  response: productSchema,
  errors: { 409: "A product of that name exists" },
});

export const getBillingSettings = defineOperation({
  method: "GET",
  path: "/api/billing/settings",
  summary: "Sales tax settings",
  access: { permission: "billing.read" },
  response: billingSettingsSchema,
});

export const updateBillingSettings = defineOperation({
  method: "PUT",
  path: "/api/billing/settings",
  summary: "Turn sales tax on or off and set its rate per category",
  description: "Rates are percentages with up to three decimals (\"8.875\"). They apply to charges made from then on; charges made before keep their tax.",
  access: { permission: "billing.manage" },
  body: updateBillingSettingsSchema,
  response: billingSettingsSchema,
});

export const getCaseCharges = defineOperation({
  method: "GET",
  path: "/api/cases/[number]/charges",
  summary: "A case's charges, payments and balance",
  access: { permission: "billing.read" },
  response: caseChargesSchema,
});

export const addCaseCharge = defineOperation({
  method: "POST",
  path: "/api/cases/[number]/charges",
  summary: "Price a case, add an option or product, or adjust its charges",
  description:
    "`intake` prices a case that has no charges yet from the list in force on its intake day (cases are priced at intake automatically when a list exists); `option` and `product` add a priced line from today's list (a product takes one from stock); `adjustment` adds a signed amount with its reason (audited). A charge a statement carries is never changed: an adjustment made after lands on the next statement.",
  access: { permission: "billing.manage" },
  body: addCaseChargeSchema,
  response: caseChargesSchema,
  status: 201,
  errors: { 409: "Already priced, no price for it, or out of stock" },
});

export const getCaseReceipt = defineOperation({
  method: "GET",
  path: "/api/cases/[number]/receipt",
  summary: "The family's receipt (PDF) for a case paid directly",
  description: "Charges, tax, payments recorded and the balance. A clinic's case is billed on the clinic's statement instead (409).",
  access: { permission: "billing.read" },
  produces: "application/pdf",
  errors: { 409: "The case is billed to its clinic" },
});

export const recordPayment = defineOperation({
  method: "POST",
  path: "/api/billing/payments",
  summary: "Record a payment received (by hand, with its reference)",
  description: "From a clinic (`clinicVendorId`: its next statement shows it) or for a case paid directly (`caseNumber`: its receipt shows it). No payment processor is involved.",
  access: { permission: "billing.manage" },
  body: recordPaymentSchema,
  response: recordedPaymentSchema,
  status: 201,
});

export const listStatements = defineOperation({
  method: "GET",
  path: "/api/billing/statements",
  summary: "Issued statements",
  access: { permission: "billing.read" },
  query: listStatementsQuerySchema,
  response: statementListSchema,
});

export const previewStatement = defineOperation({
  method: "GET",
  path: "/api/billing/statements/preview",
  summary: "What a clinic's statement for a month holds (or the issued one)",
  access: { permission: "billing.read" },
  query: statementQuerySchema,
  response: statementPreviewSchema,
});

export const issueStatement = defineOperation({
  method: "POST",
  path: "/api/billing/statements",
  summary: "Issue a clinic's statement for a month",
  description:
    "Stores the statement whole (its lines and totals) and queues its e-mail to the clinic's billing address with the PDF and CSV attached. Issued, it never changes: the database refuses any change to it, its lines, and the charges and payments it carries. The month must have ended.",
  access: { permission: "billing.manage" },
  body: issueStatementSchema,
  response: statementSchema,
  status: 201,
  errors: { 409: "Already issued for that month, or the month has not ended" },
});

export const getStatement = defineOperation({
  method: "GET",
  path: "/api/billing/statements/[id]",
  summary: "An issued statement with its lines",
  access: { permission: "billing.read" },
  response: statementSchema,
});

export const getStatementFile = defineOperation({
  method: "GET",
  path: "/api/billing/statements/[id]/file",
  summary: "Download a statement: PDF, CSV, or QuickBooks IIF invoice",
  description: "The same bytes every time: rendered from the stored lines. `iif`: one INVOICE transaction for QuickBooks Desktop (docs/billing.md \"QuickBooks\").",
  access: { permission: "billing.read" },
  query: statementFileQuerySchema,
  produces: ["application/pdf", "text/csv", "application/vnd.intuit.iif"],
});
