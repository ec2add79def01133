import { route } from "@/lib/http/route";
import * as op from "@/lib/org/contracts";
import { getOrganizationContact, updateOrganizationContact } from "@/lib/services/org/contact-details";

export const GET = route(op.getOrganizationContact, async () => getOrganizationContact());
export const PUT = route(op.updateOrganizationContact, async ({ caller, body }) => updateOrganizationContact(caller, body));
