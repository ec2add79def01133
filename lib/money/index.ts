import { z } from "zod";

/**
 * Money, in one place. Amounts are integer cents (a `number` that is a safe integer) in code and
 * in the database (an integer column, never a float); people type and read dollars. The wages
 * (pay rates, labour cost) and the clinic (prices, charges, statements) domains both use it.
 *
 * Rounding is half away from zero at the cent, done once on the total a person reads, never per
 * minute, so a sum of costs and the cost of a sum agree within the rounding of each figure shown.
 */

/** The business's currency. One currency for now: the business bills and pays in dollars. */
export const CURRENCY = "USD";

const DOLLARS = new Intl.NumberFormat("en-US", { style: "currency", currency: CURRENCY });

/** "$1,234.56", "-$3.00": the same on the server and in every browser (never the viewer's locale). */
// `+ 0` turns a negative zero (minus no payments) into zero: Intl writes -0 as "-$0.00".
export const formatMoney = (cents: number): string => DOLLARS.format(cents / 100 + 0);

/** "1234.56": dollars with two decimals and no symbol or grouping, for CSV, IIF and form fields. */
export const centsToDecimal = (cents: number): string => {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
};

const AMOUNT = /^(\d{1,12})(?:\.(\d{1,2}))?$/;

/**
 * Dollars typed by a person or sent by a client ("12", "12.5", "12.50", 12.5) to cents, or null
 * when it is not a non-negative amount with at most two decimals. Parsed from the text, never
 * through a float multiply (0.29 * 100 is 28.999999999999996).
 */
export const parseMoney = (input: string | number): number | null => {
  const text = typeof input === "number" ? (Number.isFinite(input) ? String(input) : "") : input.trim();
  const match = AMOUNT.exec(text);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return Number.isSafeInteger(cents) ? cents : null;
};

/**
 * An amount field of a request body, in dollars (a string or a number), answered as cents. Its
 * messages name the field: "rate must be an amount with at most two decimals".
 */
export const moneyField = (field: string) =>
  z
    .union([z.string(), z.number()], { error: `${field} must be an amount` })
    .transform((value, ctx) => {
      const cents = parseMoney(value);
      if (cents === null) {
        const negative = typeof value === "number" ? value < 0 : value.trim().startsWith("-");
        ctx.addIssue({
          code: "custom",
          message: negative ? `${field} must not be negative` : `${field} must be an amount with at most two decimals`,
        });
        return z.NEVER;
      }
      return cents;
    });

/** Cents in an answer: an integer, so clients never see float dollars. */
export const centsSchema = z.number().int();

/**
 * Round a fractional number of cents (a rate times hours) half away from zero. Use once, on the
 * figure that is shown or stored, not on each part of it.
 */
export const roundCents = (cents: number): number => (cents < 0 ? -Math.round(-cents) : Math.round(cents));

/** What `minutes` cost at `centsPerHour` times `multiplier` (1, 1.5, 2), unrounded. */
export const costOfMinutes = (minutes: number, centsPerHour: number, multiplier = 1): number =>
  (minutes * centsPerHour * multiplier) / 60;
