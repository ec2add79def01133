import { route } from "@/lib/http/route";
import * as op from "@/lib/billing/contracts";
import { updateProduct } from "@/lib/services/billing/update-product";

export const PATCH = route(op.updateProduct, ({ caller, params, body }) => updateProduct(caller, params.id, body));
