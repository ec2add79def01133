/**
 * The cremation authorization's wording and content (docs/cases.md "Cremation authorization"),
 * following the Pet Loss Professionals Alliance model form in the business's own words. Pure:
 * the family's form, the staff's counter form, the PDF and the tests read the same text.
 */
import { FAMILY_RETURN_METHOD_LABELS, SERVICE_TYPE_LABELS, type ReturnMethod, type ServiceType } from "./stations";

export const IMPLANT_CHOICES = ["none", "removed"] as const;
export type ImplantChoice = (typeof IMPLANT_CHOICES)[number];
export const BELONGINGS_CHOICES = ["none", "return", "cremate", "dispose"] as const;
export type BelongingsChoice = (typeof BELONGINGS_CHOICES)[number];

/** What each service type means, said plainly. */
export const SERVICE_TYPE_EXPLANATIONS: Record<ServiceType, string> = {
  private: "Your pet is cremated alone in the chamber. Only your pet's ashes are returned to you.",
  partitioned:
    "Your pet is cremated with other pets, each kept apart in its own section of the chamber. The ashes returned to you are your pet's, though a small mingling with others' cannot be ruled out.",
  communal: "Your pet is cremated together with other pets. No ashes are returned: they are scattered with care by us.",
};

export const RIGHT_TO_DECIDE_STATEMENT =
  "I am the owner of this pet, or I have the legal right to decide about its remains, and no one else has a claim to them. I authorize the cremation described here.";

export const IMPLANT_LABELS: Record<ImplantChoice, string> = {
  none: "My pet has no pacemaker, battery-powered or radioactive implant.",
  removed: "My pet had a pacemaker or other implant, and it has been removed.",
};

export const BELONGINGS_LABELS: Record<BelongingsChoice, string> = {
  none: "My pet came with no personal belongings (collar, blanket, toy, tag).",
  return: "Return my pet's belongings to me with the ashes.",
  cremate: "Cremate my pet's belongings with my pet.",
  dispose: "I consent that my pet's belongings be disposed of by the crematory.",
};

export const IRREVERSIBLE_STATEMENT =
  "I understand that cremation is irreversible, and that the ashes will be returned (or not) as described above.";

/** The case's facts the family authorizes; a change of the service or its options voids the signature. */
export interface AuthorizedFacts {
  caseNumber: string;
  petName: string;
  petSpecies: string;
  petBreed: string | null;
  petWeightLbs: number | null;
  petColor: string | null;
  familyName: string;
  serviceType: ServiceType;
  pawPrint: boolean;
  furClipping: boolean;
  urnProduct: string | null;
  returnMethod: ReturnMethod | null;
}

/** The memorial options chosen, as lines ("Clay paw print", ...); empty when none. */
export function memorialOptionLines(facts: Pick<AuthorizedFacts, "pawPrint" | "furClipping" | "urnProduct">): string[] {
  const lines: string[] = [];
  if (facts.pawPrint) lines.push("Clay paw print");
  if (facts.furClipping) lines.push("Fur clipping");
  if (facts.urnProduct) lines.push(`Urn or keepsake: ${facts.urnProduct}`);
  return lines;
}

/** How the ashes come home; a communal cremation returns none. */
export function returnLine(facts: Pick<AuthorizedFacts, "serviceType" | "returnMethod">): string {
  if (facts.serviceType === "communal") return "No return: the ashes of a communal cremation stay with us.";
  return facts.returnMethod ? FAMILY_RETURN_METHOD_LABELS[facts.returnMethod] : "To be agreed with us";
}

/** The text the stamp of the authorized facts is taken over: changing any of these voids a signature. */
export function authorizedStamp(facts: Pick<AuthorizedFacts, "serviceType" | "pawPrint" | "furClipping" | "urnProduct" | "returnMethod">): string {
  return JSON.stringify([facts.serviceType, facts.pawPrint, facts.furClipping, facts.urnProduct ?? null, facts.returnMethod ?? null]);
}

export interface AuthorizationSections {
  pet: Array<[string, string]>;
  service: { label: string; explanation: string };
  options: string[];
  returnMethod: string;
}

/** The form's fixed sections from the case (what the person signing reads before signing). */
export function authorizationSections(facts: AuthorizedFacts): AuthorizationSections {
  const pet: Array<[string, string]> = [
    ["Pet", facts.petName],
    ["Species", [facts.petSpecies, facts.petBreed].filter(Boolean).join(", ")],
  ];
  if (facts.petWeightLbs !== null) pet.push(["Weight", `${facts.petWeightLbs} lbs`]);
  if (facts.petColor) pet.push(["Colour and markings", facts.petColor]);
  pet.push(["Family", facts.familyName], ["Case number", facts.caseNumber]);
  return {
    pet,
    service: { label: SERVICE_TYPE_LABELS[facts.serviceType], explanation: SERVICE_TYPE_EXPLANATIONS[facts.serviceType] },
    options: memorialOptionLines(facts),
    returnMethod: returnLine(facts),
  };
}
