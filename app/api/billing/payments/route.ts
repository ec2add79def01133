import { route } from "@/lib/http/route";
import * as op from "@/lib/billing/contracts";
import { recordPayment } from "@/lib/services/billing/record-payment";

export const POST = route(op.recordPayment, ({ caller, body }) => recordPayment(caller, body));
