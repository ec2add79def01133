/**
 * Prices as data (docs/billing.md): which price line a case takes, the
 * words of options and brackets, sales tax, and the statement month. Pure: the server prices
 * cases with it, the screens show the same words.
 */
import { SERVICE_TYPE_LABELS } from "@/lib/cases/stations";
import { addDays, addMonths } from "@/lib/dates/days";
import { roundCents } from "@/lib/money";

export const SERVICE_TYPES = ["private", "partitioned", "communal"] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];

/** The memorial options priced on their own. Paw print and fur clipping are the case's own flags. */
export const OPTION_CODES = ["paw_print", "fur_clipping", "private_viewing"] as const;
export type OptionCode = (typeof OPTION_CODES)[number];
export const OPTION_LABELS: Record<OptionCode, string> = {
  paw_print: "Clay paw print",
  fur_clipping: "Fur clipping",
  private_viewing: "Private viewing",
};

export const PRODUCT_CATEGORIES = ["urn", "keepsake"] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

export const TAX_CATEGORIES = ["service", "option", "merchandise"] as const;
export type TaxCategory = (typeof TAX_CATEGORIES)[number];
export const TAX_CATEGORY_LABELS: Record<TaxCategory, string> = {
  service: "Cremation services",
  option: "Memorial options",
  merchandise: "Urns and keepsakes",
};

export const PAYMENT_METHODS = ["check", "cash", "card", "transfer"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = { check: "Check", cash: "Cash", card: "Card", transfer: "Bank transfer" };

/** "0–10 lb", "101 lb and up". Brackets are whole pounds, both ends included. */
export const bracketLabel = (minLbs: number, maxLbs: number | null): string =>
  maxLbs === null ? `${minLbs} lb and up` : `${minLbs}–${maxLbs} lb`;

/** The pound a weight is priced at: rounded up (10.2 lb is priced as 11 lb). */
export const pricedPounds = (weightLbs: number): number => Math.max(0, Math.ceil(weightLbs - 1e-9));

export interface ServiceBracket {
  serviceType: ServiceType;
  minLbs: number;
  maxLbs: number | null;
}

/** Whether a bracket holds a weight (in whole priced pounds). */
export const bracketHolds = (bracket: Pick<ServiceBracket, "minLbs" | "maxLbs">, pounds: number): boolean =>
  pounds >= bracket.minLbs && (bracket.maxLbs === null || pounds <= bracket.maxLbs);

/** The bracket of a service that holds a weight; none when the list has no line for it. */
export function findBracket<T extends ServiceBracket>(items: readonly T[], serviceType: ServiceType, weightLbs: number): T | null {
  const pounds = pricedPounds(weightLbs);
  return items.find((item) => item.serviceType === serviceType && bracketHolds(item, pounds)) ?? null;
}

/** The first pair of brackets of one service that overlap, as their indexes (the later one second); null when none do. */
export function overlappingBrackets(items: readonly ServiceBracket[]): [number, number] | null {
  for (let j = 0; j < items.length; j += 1) {
    for (let i = 0; i < j; i += 1) {
      const a = items[i];
      const b = items[j];
      if (a.serviceType !== b.serviceType) continue;
      const aMax = a.maxLbs ?? Number.POSITIVE_INFINITY;
      const bMax = b.maxLbs ?? Number.POSITIVE_INFINITY;
      if (a.minLbs <= bMax && b.minLbs <= aMax) return [i, j];
    }
  }
  return null;
}

export const serviceLineLabel = (serviceType: ServiceType, minLbs: number, maxLbs: number | null) =>
  `${SERVICE_TYPE_LABELS[serviceType]}, ${bracketLabel(minLbs, maxLbs)}`;

/** Tax rates are thousandths of a percent: 8.875 % is 8875, 100 % is 100000. */
export const MAX_TAX_RATE = 100_000;

/** The tax on an amount at a rate, rounded once, half away from zero (a credit's tax is negative). */
export const taxOf = (cents: number, rate: number): number => roundCents((cents * rate) / MAX_TAX_RATE);

/** "8.875%", "0%". */
export function formatRate(rate: number): string {
  const whole = Math.floor(rate / 1000);
  const fraction = String(rate % 1000).padStart(3, "0").replace(/0+$/, "");
  return `${whole}${fraction ? `.${fraction}` : ""}%`;
}

const RATE = /^(\d{1,3})(?:\.(\d{1,3}))?$/;

/** "8.875" (a percentage, up to three decimals, 0–100) to thousandths; null when it is not one. */
export function parseRate(input: string | number): number | null {
  const text = typeof input === "number" ? (Number.isFinite(input) ? String(input) : "") : input.trim().replace(/%$/, "");
  const match = RATE.exec(text);
  if (!match) return null;
  const rate = Number(match[1]) * 1000 + Number((match[2] ?? "").padEnd(3, "0"));
  return rate <= MAX_TAX_RATE ? rate : null;
}

/** A statement month, "2026-11". */
export type MonthKey = string;
export const MONTH_KEY = /^(\d{4})-(0[1-9]|1[0-2])$/;
const MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** The month a day is in. */
export const monthOf = (dayKey: string): MonthKey => dayKey.slice(0, 7);
/** "November 2026". */
export const monthLabel = (month: MonthKey): string => `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
/** The first and last days of a month. */
export function monthDays(month: MonthKey): { first: string; last: string } {
  const first = `${month}-01`;
  return { first, last: addDays(addMonths(first, 1), -1) };
}
/** The month before. */
export const previousMonth = (month: MonthKey): MonthKey => monthOf(addMonths(`${month}-01`, -1));
