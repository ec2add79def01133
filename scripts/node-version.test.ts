import { isSupportedNode } from "./node-version";

describe("the Node runtime", () => {
  it("is the Node 24 that npm install brings (npm scripts put node_modules/.bin first)", () => {
    expect(process.versions.node.split(".")[0]).toBe("24");
  });

  it.each([
    ["20.20.2", false],
    ["22.11.0", false],
    ["22.12.0", true],
    ["24.21.0", true],
    ["26.0.0", true],
  ])("Node %s is supported: %s", (version, supported) => {
    expect(isSupportedNode(version)).toBe(supported);
  });
});
