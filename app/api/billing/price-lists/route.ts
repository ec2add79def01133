import { route } from "@/lib/http/route";
import * as op from "@/lib/billing/contracts";
import { listPriceLists } from "@/lib/services/billing/list-price-lists";
import { createPriceList } from "@/lib/services/billing/create-price-list";

export const GET = route(op.listPriceLists, ({ caller, query }) => listPriceLists(caller, query));
export const POST = route(op.createPriceList, ({ caller, body }) => createPriceList(caller, body));
