/**
 * Clinic billing (docs/billing.md): the charges computed from the price
 * list in force (weight brackets, options, products and stock, a clinic's own list), versions
 * that never reach into an issued month, sales tax off and on, adjustments, statements frozen
 * when issued (by the database too) with a later adjustment carried to the next statement, the
 * statement's PDF, CSV and IIF read back, its e-mail with both files, and who may call what.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { GET as chargesGet, POST as chargesPost } from "@/app/api/cases/[number]/charges/route";
import { GET as receiptGet } from "@/app/api/cases/[number]/receipt/route";
import { POST as priceListPost, GET as priceListsGet } from "@/app/api/billing/price-lists/route";
import { POST as productPost } from "@/app/api/billing/products/route";
import { PUT as settingsPut } from "@/app/api/billing/settings/route";
import { POST as paymentPost } from "@/app/api/billing/payments/route";
import { GET as statementsGet, POST as statementPost } from "@/app/api/billing/statements/route";
import { GET as previewGet } from "@/app/api/billing/statements/preview/route";
import { GET as fileGet } from "@/app/api/billing/statements/[id]/file/route";
import { POST as casePost } from "@/app/api/cases/route";
import { monthOf, previousMonth } from "@/lib/billing/pricing";
import { addMonths, businessToday, dateColumnOf } from "@/lib/dates";
import { startOfDay } from "@/lib/dates/instants";
import { priceCaseAtIntake } from "@/lib/services/billing/case-pricing";
import { issueStatement } from "@/lib/services/billing/issue-statement";
import { listClinicStatements } from "@/lib/services/billing/list-clinic-statements";
import { sendStatementEmails } from "@/lib/services/billing/send-statement-emails";
import { createMemoryMailer, setMailer } from "@/lib/services/mail/mailer";
import { createMemorialCase, createVendor } from "@/prisma/factories";
import { call } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";
import { person } from "../tasks/fixtures";

const testDb = useTestDatabase();
type Who = Awaited<ReturnType<typeof person>>;
let admin: Who, manager: Who, staff: Who;

const THIS_MONTH = monthOf(businessToday());
const LAST_MONTH = previousMonth(THIS_MONTH);
const TWO_AGO = previousMonth(LAST_MONTH);
const NEXT_MONTH_START = startOfDay(addMonths(`${THIS_MONTH}-01`, 1));
const noon = (day: string) => new Date(startOfDay(day).getTime() + 12 * 3_600_000);

const STANDARD = [
  { kind: "service", serviceType: "private", minLbs: 0, maxLbs: 10, price: "150.00" },
  { kind: "service", serviceType: "private", minLbs: 11, maxLbs: 30, price: "185" },
  { kind: "service", serviceType: "private", minLbs: 31, maxLbs: null, price: "240" },
  { kind: "service", serviceType: "communal", minLbs: 0, maxLbs: null, price: "60" },
  { kind: "option", optionCode: "paw_print", price: "35" },
  { kind: "option", optionCode: "fur_clipping", price: "15" },
  { kind: "option", optionCode: "private_viewing", price: "75" },
];

async function priceList(body: Record<string, unknown>) {
  return call(priceListPost, { method: "POST", path: "/api/billing/price-lists", headers: admin.headers, body });
}

/** A clinic case received on `day`, priced as intake would have priced it that day. */
async function clinicCase(clinicVendorId: string, day: string, extra: { weight?: number; pawPrint?: boolean; urn?: string } = {}) {
  const at = noon(day);
  const c = await createMemorialCase(testDb.prisma, { createdById: manager.id, clinicVendorId, receivedAt: at, petWeightLbs: extra.weight ?? 8, pawPrint: extra.pawPrint ?? false, urnProduct: extra.urn ?? null });
  const full = await testDb.prisma.memorialCase.findUniqueOrThrow({ where: { id: c.id } });
  await testDb.prisma.$transaction((tx) => priceCaseAtIntake(tx, full, manager.id, at));
  return full;
}

beforeAll(async () => {
  [admin, manager, staff] = await Promise.all([person(testDb.prisma, "admin"), person(testDb.prisma, "manager"), person(testDb.prisma, "staff")]);
  const res = await priceList({ clinicVendorId: null, effectiveFrom: "2020-01-01", items: STANDARD });
  expect(res.status).toBe(201);
});

afterEach(() => setMailer(null));

describe("price lists", () => {
  it("refuses negative prices and overlapping brackets with 400 naming the field; the database refuses overlaps too", async () => {
    const negative = await priceList({ effectiveFrom: "2030-01-01", items: [{ kind: "option", optionCode: "paw_print", price: "-5" }] });
    expect(negative.status).toBe(400);
    expect(negative.body.message).toMatch(/price must not be negative/);
    const overlap = await priceList({ effectiveFrom: "2030-01-01", items: [STANDARD[0], { kind: "service", serviceType: "private", minLbs: 10, maxLbs: 20, price: "1" }] });
    expect(overlap.status).toBe(400);
    expect(overlap.body.message).toMatch(/items\[1\]\.minLbs.*overlaps 0–10 lb/);
    const version = await testDb.prisma.priceListVersion.create({ data: { effectiveFrom: dateColumnOf("2031-01-01"), createdById: admin.id } });
    await testDb.prisma.priceItem.create({ data: { versionId: version.id, kind: "service", serviceType: "private", minLbs: 0, maxLbs: 10, priceCents: 1 } });
    await expect(testDb.prisma.priceItem.create({ data: { versionId: version.id, kind: "service", serviceType: "private", minLbs: 10, maxLbs: null, priceCents: 1 } })).rejects.toThrow(/price_items_no_overlapping_brackets/);
    await expect(testDb.prisma.priceItem.create({ data: { versionId: version.id, kind: "option", optionCode: "paw_print", priceCents: -1 } })).rejects.toThrow(/price_items_price_not_negative/);
  });

  it("lists versions with the one in force; staff may not read prices, anonymous callers are 401", async () => {
    const list = await call(priceListsGet, { path: "/api/billing/price-lists", headers: manager.headers });
    expect(list.status).toBe(200);
    expect(list.body.versions.some((v: { inForce: boolean; clinicVendorId: string | null }) => v.inForce && v.clinicVendorId === null)).toBe(true);
    expect((await call(priceListsGet, { path: "/api/billing/price-lists", headers: staff.headers })).status).toBe(403);
    expect((await call(priceListsGet, { path: "/api/billing/price-lists" })).status).toBe(401);
    expect((await call(priceListPost, { method: "POST", path: "/api/billing/price-lists", headers: manager.headers, body: {} })).status).toBe(403);
  });
});

describe("charges", () => {
  it("prices a case at intake from its weight bracket, options and urn (taking one from stock), and shows it", async () => {
    const urn = await call(productPost, { method: "POST", path: "/api/billing/products", headers: admin.headers, body: { name: "Walnut urn", category: "urn", stock: 2 } });
    expect(urn.status).toBe(201);
    const today = businessToday();
    const withUrn = await priceList({ effectiveFrom: "2020-02-01", items: [...STANDARD, { kind: "product", productId: urn.body.id, price: "60" }] });
    expect(withUrn.status).toBe(201);
    const created = await call(casePost, {
      method: "POST",
      path: "/api/cases",
      headers: manager.headers,
      body: { uuid: crypto.randomUUID(), petName: "Bella", petSpecies: "Dog", familyName: "Ortiz", serviceType: "private", tagSerial: `T-${Date.now()}`, petWeightLbs: 10.2, pawPrint: true, urnProduct: "walnut URN" },
    });
    expect(created.status).toBe(201);
    const charges = await call(chargesGet, { path: `/api/cases/${created.body.number}/charges`, headers: manager.headers, params: { number: created.body.number } });
    expect(charges.status).toBe(200);
    expect(charges.body.charges.map((c: { description: string; amountCents: number }) => [c.description, c.amountCents])).toEqual([
      ["Private cremation, 11–30 lb", 18500],
      ["Clay paw print", 3500],
      ["Walnut urn", 6000],
    ]);
    expect(charges.body.chargesCents).toBe(28000);
    expect(charges.body.taxCents).toBe(0);
    expect((await testDb.prisma.memorialProduct.findUniqueOrThrow({ where: { id: urn.body.id } })).stock).toBe(1);
    expect(today).toBeTruthy();
    // Priced already: pricing it again is a 409; staff may not read charges.
    expect((await call(chargesPost, { method: "POST", path: "/", headers: admin.headers, params: { number: created.body.number }, body: { kind: "intake" } })).status).toBe(409);
    expect((await call(chargesGet, { path: "/", headers: staff.headers, params: { number: created.body.number } })).status).toBe(403);
  });

  it("a clinic's own list (trade prices) prices its cases instead of the standard one", async () => {
    const clinic = await createVendor(testDb.prisma, { name: "Trade Vet" });
    const own = await priceList({ clinicVendorId: clinic.id, effectiveFrom: "2020-03-01", items: [{ kind: "service", serviceType: "private", minLbs: 0, maxLbs: null, price: "99" }] });
    expect(own.status).toBe(201);
    const c = await clinicCase(clinic.id, businessToday(), { weight: 50 });
    const charges = await testDb.prisma.caseCharge.findMany({ where: { caseId: c.id } });
    expect(charges.map((x) => x.amountCents)).toEqual([9900]);
  });

  it("sales tax is off by default; turned on, it taxes new charges by category and leaves earlier ones alone", async () => {
    const direct = await createMemorialCase(testDb.prisma, { createdById: manager.id, petWeightLbs: 5 });
    const priced = await call(chargesPost, { method: "POST", path: "/", headers: admin.headers, params: { number: direct.number }, body: { kind: "intake" } });
    expect(priced.status).toBe(201);
    expect(priced.body.charges[0]).toMatchObject({ amountCents: 15000, taxCents: 0 });
    const on = await call(settingsPut, { method: "PUT", path: "/api/billing/settings", headers: admin.headers, body: { salesTaxEnabled: true, serviceTaxRate: "0", optionTaxRate: "8.875", merchandiseTaxRate: "7" } });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ salesTaxEnabled: true, optionTaxRate: 8875 });
    const viewing = await call(chargesPost, { method: "POST", path: "/", headers: admin.headers, params: { number: direct.number }, body: { kind: "option", optionCode: "private_viewing" } });
    expect(viewing.status).toBe(201);
    expect(viewing.body.charges.map((c: { amountCents: number; taxCents: number }) => [c.amountCents, c.taxCents])).toEqual([[15000, 0], [7500, 666]]);
    expect(viewing.body.balanceCents).toBe(23166);
    const bad = await call(settingsPut, { method: "PUT", path: "/api/billing/settings", headers: admin.headers, body: { salesTaxEnabled: true, serviceTaxRate: "101", optionTaxRate: "0", merchandiseTaxRate: "0" } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/serviceTaxRate/);
    await call(settingsPut, { method: "PUT", path: "/api/billing/settings", headers: admin.headers, body: { salesTaxEnabled: false, serviceTaxRate: "0", optionTaxRate: "0", merchandiseTaxRate: "0" } });

    // The family pays directly: the payment and the receipt.
    const paid = await call(paymentPost, { method: "POST", path: "/api/billing/payments", headers: admin.headers, body: { caseNumber: direct.number, amount: "231.66", method: "card", reference: "Auth 55120", receivedOn: businessToday() } });
    expect(paid.status).toBe(201);
    const receipt = await call(receiptGet, { path: "/", headers: manager.headers, params: { number: direct.number } });
    expect(receipt.status).toBe(200);
    expect(receipt.headers.get("content-type")).toBe("application/pdf");
  });

  it("an adjustment needs its reason and is audited", async () => {
    const c = await createMemorialCase(testDb.prisma, { createdById: manager.id });
    const noReason = await call(chargesPost, { method: "POST", path: "/", headers: admin.headers, params: { number: c.number }, body: { kind: "adjustment", amount: "-10" } });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toMatch(/reason/);
    const ok = await call(chargesPost, { method: "POST", path: "/", headers: admin.headers, params: { number: c.number }, body: { kind: "adjustment", amount: "-10", reason: "Courtesy" } });
    expect(ok.status).toBe(201);
    expect(ok.body.charges[0]).toMatchObject({ kind: "adjustment", amountCents: -1000, reason: "Courtesy" });
    expect(await testDb.prisma.auditLog.count({ where: { action: "billing.charge.adjust", entityId: c.id } })).toBe(1);
  });
});

describe("statements", () => {
  it("issues a month whole, freezes it (the database refuses changes), carries a later adjustment to the next statement, and refuses prices reaching back", async () => {
    const clinic = await createVendor(testDb.prisma, { name: "Oak Street Veterinary", email: "billing@oakvet.test" });
    const a = await clinicCase(clinic.id, `${TWO_AGO}-05`, { weight: 8, pawPrint: true });
    const b = await clinicCase(clinic.id, `${TWO_AGO}-20`, { weight: 25 });
    await clinicCase(clinic.id, `${LAST_MONTH}-03`, { weight: 40 });
    await testDb.prisma.billingPayment.create({ data: { clinicVendorId: clinic.id, amountCents: 10000, method: "check", reference: "#1001", receivedOn: dateColumnOf(`${TWO_AGO}-25`), recordedById: admin.id } });

    const preview = await call(previewGet, { path: `/api/billing/statements/preview?clinicVendorId=${clinic.id}&month=${TWO_AGO}`, headers: manager.headers });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ issued: null, chargesCents: 15000 + 3500 + 18500, paymentsCents: 10000, balanceCents: 27000 });

    const issued = await call(statementPost, { method: "POST", path: "/api/billing/statements", headers: admin.headers, body: { clinicVendorId: clinic.id, month: TWO_AGO } });
    expect(issued.status).toBe(201);
    expect(issued.body).toMatchObject({ clinicName: "Oak Street Veterinary", previousBalanceCents: 0, chargesCents: 37000, paymentsCents: 10000, balanceCents: 27000 });
    expect(issued.body.lines.map((l: { caseNumber: string | null; amountCents: number }) => [l.caseNumber, l.amountCents])).toEqual([[a.number, 15000], [a.number, 3500], [b.number, 18500], [null, 10000]]);
    const again = await call(statementPost, { method: "POST", path: "/api/billing/statements", headers: admin.headers, body: { clinicVendorId: clinic.id, month: TWO_AGO } });
    expect(again.status).toBe(409);
    const notEnded = await call(statementPost, { method: "POST", path: "/api/billing/statements", headers: admin.headers, body: { clinicVendorId: clinic.id, month: THIS_MONTH } });
    expect(notEnded.status).toBe(409);

    // The database refuses any change to what is issued.
    const id = issued.body.id as string;
    await expect(testDb.prisma.statement.update({ where: { id }, data: { balanceCents: 0, chargesCents: 0 } })).rejects.toThrow(/statement_frozen/);
    await expect(testDb.prisma.statementLine.updateMany({ where: { statementId: id }, data: { amountCents: 1 } })).rejects.toThrow(/statement_frozen/);
    await expect(testDb.prisma.statementLine.create({ data: { statementId: id, position: 99, kind: "charge", category: "service", day: dateColumnOf(`${TWO_AGO}-01`), description: "Sneaked in", amountCents: 1 } })).rejects.toThrow(/statement_frozen/);
    await expect(testDb.prisma.caseCharge.updateMany({ where: { caseId: a.id }, data: { amountCents: 1 } })).rejects.toThrow(/billed_row_frozen/);
    await expect(testDb.prisma.caseCharge.deleteMany({ where: { caseId: a.id } })).rejects.toThrow(/billed_row_frozen/);

    // Prices may not reach back into the issued month; from this month on they may.
    const back = await priceList({ clinicVendorId: clinic.id, effectiveFrom: `${TWO_AGO}-15`, items: [STANDARD[0]] });
    expect(back.status).toBe(400);
    expect(back.body.message).toMatch(/^effectiveFrom/);
    const std = await priceList({ effectiveFrom: `${TWO_AGO}-28`, items: STANDARD });
    expect(std.status).toBe(400);
    const forward = await priceList({ clinicVendorId: clinic.id, effectiveFrom: `${THIS_MONTH}-01`, items: [{ kind: "service", serviceType: "private", minLbs: 0, maxLbs: null, price: "500" }] });
    expect(forward.status).toBe(201);

    // A correction to case A after issuing: the issued statement is unchanged, the next one carries it.
    const adjust = await call(chargesPost, { method: "POST", path: "/", headers: admin.headers, params: { number: a.number }, body: { kind: "adjustment", amount: "-15.00", reason: "Paw print not made" } });
    expect(adjust.status).toBe(201);
    const last = await call(statementPost, { method: "POST", path: "/api/billing/statements", headers: admin.headers, body: { clinicVendorId: clinic.id, month: LAST_MONTH } });
    expect(last.status).toBe(201);
    expect(last.body).toMatchObject({ previousBalanceCents: 27000, chargesCents: 24000, balanceCents: 51000 });
    const current = await issueStatement({ userId: admin.id } as never, { clinicVendorId: clinic.id, month: THIS_MONTH }, NEXT_MONTH_START);
    expect(current.lines.map((l) => [l.caseNumber, l.description, l.amountCents])).toEqual([[a.number, "Adjustment: Paw print not made", -1500]]);
    expect(current).toMatchObject({ previousBalanceCents: 51000, chargesCents: -1500, balanceCents: 49500 });
    const reread = await call(previewGet, { path: `/api/billing/statements/preview?clinicVendorId=${clinic.id}&month=${TWO_AGO}`, headers: manager.headers });
    expect(reread.body.issued.id).toBe(id);
    expect(reread.body.balanceCents).toBe(27000);
    expect(reread.body.lines).toHaveLength(4);

    // The clinic portal's read, the list.
    expect((await listClinicStatements(clinic.id)).statements.map((s) => s.month)).toEqual([THIS_MONTH, LAST_MONTH, TWO_AGO]);
    const list = await call(statementsGet, { path: `/api/billing/statements?clinicVendorId=${clinic.id}`, headers: manager.headers });
    expect(list.body.statements).toHaveLength(3);

    // The files, read as their readers would.
    const pdf = await call(fileGet, { path: `/api/billing/statements/${id}/file?format=pdf`, headers: manager.headers, params: { id } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const pdfRes = await fileGet(new Request(`http://localhost:3000/api/billing/statements/${id}/file?format=pdf`, { headers: { ...manager.headers, host: "localhost:3000" } }), { params: Promise.resolve({ id }) });
    const bytes = Buffer.from(await pdfRes.arrayBuffer());
    const dir = mkdtempSync(path.join(tmpdir(), "statement-"));
    try {
      writeFileSync(path.join(dir, "s.pdf"), bytes);
      const text = execFileSync("pdftotext", ["-layout", path.join(dir, "s.pdf"), "-"]).toString();
      expect(text).toContain("Oak Street Veterinary");
      expect(text).toContain("Balance due");
      expect(text).toContain("$270.00");
      expect(text).toContain(a.number);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const csv = await call(fileGet, { path: `/api/billing/statements/${id}/file?format=csv`, headers: manager.headers, params: { id } });
    expect(String(csv.body).replace(/^\uFEFF/, "").split("\r\n")[0]).toBe("Statement,Clinic,Date,Type,Case,Pet,Description,Category,Amount,Tax,Total");
    expect(String(csv.body)).toContain(",Payment,,,\"Payment received, Check #1001\",,-100,0,-100\r\n");
    const iif = await call(fileGet, { path: `/api/billing/statements/${id}/file?format=iif`, headers: manager.headers, params: { id } });
    const rows = String(iif.body).split("\r\n").filter(Boolean).map((r) => r.split("\t"));
    expect(rows.map((r) => r[0])).toEqual(["!TRNS", "!SPL", "!ENDTRNS", "TRNS", "SPL", "SPL", "SPL", "ENDTRNS"]);
    expect(rows[3].slice(2, 7)).toEqual(["INVOICE", expect.stringMatching(/^\d\d\/\d\d\/\d\d$/), "Accounts Receivable", "Oak Street Veterinary", "370.00"]);
    expect(rows.slice(4, 7).reduce((s, r) => s + Math.round(Number(r[6]) * 100), 0)).toBe(-37000);
    expect(rows.every((r) => r[0].startsWith("!") || r.length <= (r[0] === "TRNS" ? 10 : 13))).toBe(true);

    // The e-mail goes once, with the PDF and the CSV.
    const mailer = createMemoryMailer();
    setMailer(mailer);
    // The current month's was issued "next month" (its e-mail is due then).
    await sendStatementEmails({ now: NEXT_MONTH_START });
    await sendStatementEmails({ now: NEXT_MONTH_START });
    const mine = mailer.messages.filter((m) => m.to === "billing@oakvet.test");
    expect(mine).toHaveLength(3);
    expect(mine[0].attachments?.map((x) => x.contentType)).toEqual(["application/pdf", "text/csv; charset=utf-8"]);
  });

  it("managers read but may not issue; a clinic statement of another id is a 404", async () => {
    const clinic = await createVendor(testDb.prisma, {});
    expect((await call(statementPost, { method: "POST", path: "/api/billing/statements", headers: manager.headers, body: { clinicVendorId: clinic.id, month: TWO_AGO } })).status).toBe(403);
    const bad = await call(statementPost, { method: "POST", path: "/api/billing/statements", headers: admin.headers, body: { clinicVendorId: clinic.id, month: "2026-13" } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/month/);
    const missing = crypto.randomUUID();
    expect((await call(fileGet, { path: `/api/billing/statements/${missing}/file`, headers: manager.headers, params: { id: missing } })).status).toBe(404);
  });
});
