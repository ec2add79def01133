import { route } from "@/lib/http/route";
import * as op from "@/lib/billing/contracts";
import { createProduct } from "@/lib/services/billing/create-product";

export const POST = route(op.createProduct, ({ caller, body }) => createProduct(caller, body));
