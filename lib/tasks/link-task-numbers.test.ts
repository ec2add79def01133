import { linkTaskNumbers } from "./link-task-numbers";

const link = (n: number) => `<a href="/tasks/${n}" data-task-number="${n}">#${n}</a>`;

describe("linkTaskNumbers", () => {
  it("links #32 in text, at the start, after spaces and punctuation", () => {
    expect(linkTaskNumbers("<p>#32 is done</p>")).toBe(`<p>${link(32)} is done</p>`);
    expect(linkTaskNumbers("<p>See #7, then (#8).</p>")).toBe(`<p>See ${link(7)}, then (${link(8)}).</p>`);
    expect(linkTaskNumbers("#12")).toBe(link(12));
    expect(linkTaskNumbers("<p>a<br>#5</p>")).toBe(`<p>a<br>${link(5)}</p>`);
  });

  it("leaves links, inline code and code blocks alone", () => {
    const html = '<p><a href="https://x.test/#3">see #3</a> <code>#4</code></p><pre><code>#5\n#6</code></pre><p>#7</p>';
    expect(linkTaskNumbers(html)).toBe(`<p><a href="https://x.test/#3">see #3</a> <code>#4</code></p><pre><code>#5\n#6</code></pre><p>${link(7)}</p>`);
  });

  it("never touches tags, attributes, entities, words or paths", () => {
    expect(linkTaskNumbers('<p title="#9">it&#39;s</p>')).toBe('<p title="#9">it&#39;s</p>');
    expect(linkTaskNumbers("<p>&#35;32 a#32 x/#32 #32a #abc # 32</p>")).toBe("<p>&#35;32 a#32 x/#32 #32a #abc # 32</p>");
  });

  it("skips numbers out of range and keeps text without a hash as it is", () => {
    expect(linkTaskNumbers("<p>#0 #99999999999</p>")).toBe("<p>#0 #99999999999</p>");
    expect(linkTaskNumbers("<p>No numbers</p>")).toBe("<p>No numbers</p>");
    expect(linkTaskNumbers("")).toBe("");
  });
});
