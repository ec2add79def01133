import { certificateCode, certificateContent, parseCertificateCode, printedCode } from "./certificate";

const hash = "3f9a81c2d4e5b6a7" + "0".repeat(48);

describe("the certificate's verification code", () => {
  it("is the case number, the certified seq and 16 hex digits of its hash; printed in groups of four; typed back forgivingly", () => {
    const code = certificateCode("C-2026-00042", 7, hash);
    expect(code).toBe("C-2026-00042-7-3F9A81C2D4E5B6A7");
    expect(printedCode(code)).toBe("C-2026-00042-7-3F9A 81C2 D4E5 B6A7");
    expect(parseCertificateCode(code)).toEqual({ caseNumber: "C-2026-00042", seq: 7, hashPrefix: "3f9a81c2d4e5b6a7" });
    expect(parseCertificateCode(" c-2026-00042-7-3f9a 81c2 d4e5 b6a7 ")).toEqual(parseCertificateCode(code));
  });

  it("is not a code when any part is wrong", () => {
    for (const wrong of ["", "nonsense", "C-2026-00042-0-3F9A81C2D4E5B6A7", "C-2026-00042-7-3F9A81C2D4E5B6A", "C-2026-00042-7-3F9A81C2D4E5B6AZ", "C-26-00042-7-3F9A81C2D4E5B6A7", "C-2026-00042-99999999999999999999-3F9A81C2D4E5B6A7"]) {
      expect(parseCertificateCode(wrong)).toBeNull();
    }
  });
});

describe("what the certificate says", () => {
  it("lists the scans only, renumbered 1…n in the family's words, with an offline scan at its own time", () => {
    const at = (h: number) => new Date(Date.UTC(2026, 2, 8, h));
    const content = certificateContent(
      { number: "C-2026-00042", petName: "Bella", petSpecies: "Dog", petBreed: null, familyName: "The Andersons", serviceType: "private" },
      [
        { seq: 1, kind: "label_print", station: null, deviceTime: at(1), chamber: null },
        { seq: 2, kind: "label_print", station: null, deviceTime: at(1), chamber: null },
        { seq: 3, kind: "scan", station: "intake", deviceTime: at(2), chamber: null },
        { seq: 4, kind: "override", station: "chamber_in", deviceTime: at(3), chamber: null },
        { seq: 5, kind: "scan", station: "chamber_in", deviceTime: at(3), chamber: { name: "Chamber 2" } },
        { seq: 6, kind: "scan", station: "chamber_out", deviceTime: at(5), chamber: { name: "Chamber 2" } },
      ],
      { by: "BFS Pet Memorial Services", at: at(6), code: "C-2026-00042-6-3F9A81C2D4E5B6A7" },
    );
    expect(content.steps).toEqual([
      { n: 1, label: "Received into our care", at: at(2).toISOString() },
      { n: 2, label: "Cremation begun", at: at(3).toISOString() },
      { n: 3, label: "Cremation complete", at: at(5).toISOString() },
    ]);
    expect(content).toMatchObject({ pet: "Bella, Dog", familyName: "The Andersons", service: "Private cremation", crematedAt: at(5).toISOString(), chamber: "Chamber 2" });
  });
});
