import { expectedStartFormSchema } from "./accountability";

const ID = "0d9c8b7a-6f5e-4d3c-8b2a-190f8e7d6c5b";

describe("the expected-start form", () => {
  it("sends a department or a member with the time", () => {
    expect(expectedStartFormSchema.parse({ who: `unit:${ID}`, time: "08:30" })).toEqual({ unitId: ID, time: "08:30" });
    expect(expectedStartFormSchema.parse({ who: `user:${ID}`, time: "07:00" })).toEqual({ userId: ID, time: "07:00" });
  });

  it("asks for a choice and a 24-hour time", () => {
    const result = expectedStartFormSchema.safeParse({ who: "", time: "8.30" });
    expect(result.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ["who", "Choose a member or a department"],
      ["time", "Enter a time like 08:30"],
    ]);
  });
});
