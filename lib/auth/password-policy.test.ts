import { PASSWORD_HAS_PERSONAL_INFO, PASSWORD_TOO_COMMON, passwordProblem } from "./password-policy";

const jamie = { email: "jamie.rivera@bfs.demo", firstName: "Jamie", lastName: "Rivera" };

describe("passwordProblem", () => {
  it.each(["12345678", "password", "Password1", "qwertyuiop", "iloveyou1", "aaaaaaaa", "abcabcabc", "abcdefgh", "98765432", "zzzzzzzzzzzz"])("refuses %s as too common", (pw) => {
    expect(passwordProblem(pw, jamie)).toBe(PASSWORD_TOO_COMMON);
  });

  it.each(["jamie.rivera", "JamieRivera!", "rivera123", "jamie.rivera@bfs", "Jamie Rivera"])("refuses %s as the user's own name or email", (pw) => {
    expect(passwordProblem(pw, jamie)).toBe(PASSWORD_HAS_PERSONAL_INFO);
  });

  it.each(["bfs-demo-2026", "correct-horse-42", "a fresh long passphrase", "jamie loves hiking trails", "Tr0ub4dor&3x"])("accepts %s", (pw) => {
    expect(passwordProblem(pw, jamie)).toBeNull();
  });

  it("the demo password passes for every demo account", () => {
    for (const who of [
      { email: "admin@bfs.demo", firstName: "Alex", lastName: "Morgan" },
      { email: "priya@bfs.demo", firstName: "Priya", lastName: "Patel" },
      { email: "jamie@bfs.demo", firstName: "Jamie", lastName: "Rivera" },
    ]) {
      expect(passwordProblem("bfs-demo-2026", who)).toBeNull();
    }
  });
});
