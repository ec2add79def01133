import { authorizationSections, authorizedStamp, memorialOptionLines, returnLine, SERVICE_TYPE_EXPLANATIONS, type AuthorizedFacts } from "./authorization";

const facts: AuthorizedFacts = {
  caseNumber: "C-2026-00042",
  petName: "Bella",
  petSpecies: "Dog",
  petBreed: null,
  petWeightLbs: 62.5,
  petColor: null,
  familyName: "The Andersons",
  serviceType: "private",
  pawPrint: false,
  furClipping: false,
  urnProduct: null,
  returnMethod: "pickup_here",
};

describe("the cremation authorization's content", () => {
  it("explains each service plainly; communal says no ashes come back", () => {
    expect(SERVICE_TYPE_EXPLANATIONS.communal).toMatch(/No ashes are returned/);
    expect(SERVICE_TYPE_EXPLANATIONS.private).toMatch(/alone/);
    expect(returnLine({ serviceType: "communal", returnMethod: null })).toMatch(/^No return/);
    expect(returnLine({ serviceType: "private", returnMethod: "clinic_pickup" })).toBe("Collect from your clinic");
    expect(returnLine({ serviceType: "partitioned", returnMethod: null })).toBe("To be agreed with us");
  });

  it("lists the memorial options chosen, none when none", () => {
    expect(memorialOptionLines(facts)).toEqual([]);
    expect(memorialOptionLines({ pawPrint: true, furClipping: true, urnProduct: "Walnut urn" })).toEqual(["Clay paw print", "Fur clipping", "Urn or keepsake: Walnut urn"]);
  });

  it("the pet's rows leave out what is unknown (no breed, no colour) and keep the weight", () => {
    expect(authorizationSections(facts).pet).toEqual([
      ["Pet", "Bella"],
      ["Species", "Dog"],
      ["Weight", "62.5 lbs"],
      ["Family", "The Andersons"],
      ["Case number", "C-2026-00042"],
    ]);
    expect(authorizationSections({ ...facts, petWeightLbs: null, petBreed: "Lab" }).pet.slice(0, 2)).toEqual([["Pet", "Bella"], ["Species", "Dog, Lab"]]);
  });

  it("the stamp changes with the service, each option and the return, and only with them", () => {
    const base = authorizedStamp(facts);
    expect(authorizedStamp({ ...facts })).toBe(base);
    for (const change of [{ serviceType: "partitioned" as const }, { pawPrint: true }, { furClipping: true }, { urnProduct: "Urn" }, { returnMethod: "delivery" as const }, { returnMethod: null }]) {
      expect(authorizedStamp({ ...facts, ...change })).not.toBe(base);
    }
    // An empty urn and no urn are the same choice.
    expect(authorizedStamp({ ...facts, urnProduct: undefined as unknown as null })).toBe(base);
  });
});
