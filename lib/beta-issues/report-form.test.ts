import { BETA_REQUIRED_MESSAGE } from "./options";
import { betaReportFormSchema, emptyBetaReport } from "./report-form";

describe("the Report Beta Issue form's model", () => {
  it("starts empty with Low severity", () => {
    expect(emptyBetaReport()).toEqual({ issueType: "", severity: "informational", title: "", description: "" });
  });

  it("marks each missing field with the one shared message", () => {
    const result = betaReportFormSchema.safeParse({ ...emptyBetaReport(), title: "  " });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => [i.path[0], i.message])).toEqual([
      ["issueType", BETA_REQUIRED_MESSAGE],
      ["title", BETA_REQUIRED_MESSAGE],
      ["description", BETA_REQUIRED_MESSAGE],
    ]);
  });

  it("sends the title with its [BETA] prefix and the description trimmed", () => {
    const result = betaReportFormSchema.safeParse({ issueType: "bug", severity: "blocker", title: "Spinner never stops", description: " I click Punch In. \n" });
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({ issueType: "bug", severity: "blocker", description: "I click Punch In." });
    expect(result.data!.title).toMatch(/^\[BETA\] Spinner never stops$/);
  });
});
