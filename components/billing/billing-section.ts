import type { InitialDataOptions, StatementList } from "@/lib/queries/billing";
import type { BillingSettings, PriceLists, PriceListVersion, StatementPreview } from "@/lib/validations/billing";

/** What the Billing page reads on the server for the view it shows (app/(app)/billing/page.tsx). */
export interface BillingClinic {
  id: string;
  name: string;
}

export type BillingSection =
  | {
      kind: "statements";
      /** The month and clinic the pickers open on (last month, the first clinic, unless the address names others). */
      month: string;
      clinicVendorId: string | null;
      preview: InitialDataOptions<StatementPreview> | null;
      statements: InitialDataOptions<StatementList>;
    }
  | {
      kind: "prices";
      lists: InitialDataOptions<PriceLists>;
      settings: InitialDataOptions<BillingSettings>;
      /** The versions in force, with their prices, so they show opened on the first paint. */
      inForce: Array<InitialDataOptions<PriceListVersion>>;
    };

