import { route } from "@/lib/http/route";
import * as op from "@/lib/billing/contracts";
import { getPriceList } from "@/lib/services/billing/get-price-list";

export const GET = route(op.getPriceList, ({ caller, params }) => getPriceList(caller, params.id));
