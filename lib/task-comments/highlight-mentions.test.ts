import { highlightMentions, MENTION_CLASS } from "./highlight-mentions";

const quinn = { id: "q1", firstName: "Quinn", lastName: "Lee" };
const span = (id: string, text: string) => `<span class="${MENTION_CLASS}" data-mention="${id}">${text}</span>`;

describe("highlightMentions", () => {
  it("wraps @First Last of a mentioned member, as the picker leaves it (a no-break space after)", () => {
    expect(highlightMentions("<p>Urn is ready, @Quinn Lee&nbsp;thanks</p>", [quinn])).toBe(`<p>Urn is ready, ${span("q1", "@Quinn Lee")}&nbsp;thanks</p>`);
  });

  it("leaves names nobody was notified about, and text without mentions, as they are", () => {
    expect(highlightMentions("<p>@Sam Ortiz and @Quinn Lee</p>", [quinn])).toBe(`<p>@Sam Ortiz and ${span("q1", "@Quinn Lee")}</p>`);
    expect(highlightMentions("<p>@Quinn Lee</p>", [])).toBe("<p>@Quinn Lee</p>");
    expect(highlightMentions("<p>no at sign</p>", [quinn])).toBe("<p>no at sign</p>");
  });

  it("matches whole names only, and the longest of two", () => {
    expect(highlightMentions("<p>@Quinn Leeds</p>", [quinn])).toBe("<p>@Quinn Leeds</p>");
    const leeds = { id: "q2", firstName: "Quinn", lastName: "Leeds" };
    expect(highlightMentions("<p>@Quinn Leeds, @Quinn Lee.</p>", [quinn, leeds])).toBe(`<p>${span("q2", "@Quinn Leeds")}, ${span("q1", "@Quinn Lee")}.</p>`);
  });

  it("never touches tags, attributes, links or code", () => {
    const html = '<p><a href="mailto:x@Quinn Lee">@Quinn Lee</a> <code>@Quinn Lee</code></p><pre>@Quinn Lee</pre>';
    expect(highlightMentions(html, [quinn])).toBe(html);
  });

  it("handles names with HTML-escaped characters and regular-expression characters", () => {
    const odd = { id: "o1", firstName: "A&B", lastName: "(Co.)" };
    expect(highlightMentions("<p>@A&amp;B (Co.) hi</p>", [odd])).toBe(`<p>${span("o1", "@A&amp;B (Co.)")} hi</p>`);
  });

  it("highlights every occurrence, names written with a no-break space too", () => {
    expect(highlightMentions("<p>@Quinn&nbsp;Lee, then @Quinn Lee</p>", [quinn])).toBe(`<p>${span("q1", "@Quinn&nbsp;Lee")}, then ${span("q1", "@Quinn Lee")}</p>`);
  });
});
