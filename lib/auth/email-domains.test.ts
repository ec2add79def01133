import { isEmailDomainAllowed, parseEmailDomains } from "./email-domains";

describe("parseEmailDomains", () => {
  it("reads a comma- or space-separated list, lower-cased, without a leading @, without duplicates", () => {
    expect(parseEmailDomains("bfspets.com, @BFSmemorials.com  bfspets.com")).toEqual(["bfspets.com", "bfsmemorials.com"]);
  });
  it("is empty when unset or blank", () => {
    expect(parseEmailDomains(undefined)).toEqual([]);
    expect(parseEmailDomains(null)).toEqual([]);
    expect(parseEmailDomains(" , ")).toEqual([]);
  });
});

describe("isEmailDomainAllowed", () => {
  const domains = ["bfspets.com"];
  it("accepts an address at the domain, in any case", () => {
    expect(isEmailDomainAllowed("jane@bfspets.com", domains)).toBe(true);
    expect(isEmailDomainAllowed("Jane@BFSPets.COM", domains)).toBe(true);
  });
  it("refuses look-alikes, sub-domains and other domains", () => {
    expect(isEmailDomainAllowed("jane@evil-bfspets.com", domains)).toBe(false);
    expect(isEmailDomainAllowed("jane@mail.bfspets.com", domains)).toBe(false);
    expect(isEmailDomainAllowed("jane@bfspets.com.evil.test", domains)).toBe(false);
    expect(isEmailDomainAllowed("bfspets.com@gmail.com", domains)).toBe(false);
  });
  it("refuses malformed input and an empty list", () => {
    expect(isEmailDomainAllowed("bfspets.com", domains)).toBe(false);
    expect(isEmailDomainAllowed("@bfspets.com", domains)).toBe(false);
    expect(isEmailDomainAllowed("jane@", domains)).toBe(false);
    expect(isEmailDomainAllowed("jane@bfspets.com", [])).toBe(false);
  });
});
