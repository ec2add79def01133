/** @jest-environment jsdom */
import { forgetKeptMyDay, KEPT_MY_DAY_KEY, keepPunchStatus, keepTodayTasks, readKeptMyDay } from "./kept-my-day";

const noor = { id: "u-1", email: "noor@example.test", firstName: "Noor", lastName: "Haddad", role: "staff" as const, mustChangePassword: false };
const ravi = { ...noor, id: "u-2", email: "ravi@example.test", firstName: "Ravi", lastName: "Shah" };
const punchedIn = { isPunchedIn: true, lastPunchIn: "2026-12-07T13:02:00.000Z", activeTask: null };
const task = { id: "t-1", displayNumber: 9, title: "Call back the Hendersons", dueDate: "2026-12-06T23:00:00.000Z" };

describe("kept My day (the offline start page's record)", () => {
  beforeEach(() => localStorage.clear());

  it("keeps the person, the server's punch state and today's tasks, four fields a row", () => {
    keepPunchStatus({ ...noor, memberType: "employee" } as typeof noor, { ...punchedIn, unreadAlerts: 3 } as typeof punchedIn, 1000);
    keepTodayTasks(noor, "2026-12-07", [{ ...task, priority: "high", description: "<p>long</p>" } as typeof task], false, 2000);
    const kept = readKeptMyDay()!;
    expect(kept.user).toEqual(noor);
    expect(kept.status).toEqual(punchedIn);
    expect(kept.statusAt).toBe(1000);
    expect(kept.today).toEqual({ date: "2026-12-07", items: [task], hasMore: false, at: 2000 });
    expect(localStorage.getItem(KEPT_MY_DAY_KEY)).not.toContain("unreadAlerts");
    expect(localStorage.getItem(KEPT_MY_DAY_KEY)).not.toContain("long");
  });

  it("a list kept before any status starts the record; a later status keeps the list", () => {
    keepTodayTasks(noor, "2026-12-07", [task], true, 2000);
    expect(readKeptMyDay()).toMatchObject({ status: null, statusAt: null, today: { items: [task], hasMore: true } });
    keepPunchStatus(noor, punchedIn, 3000);
    expect(readKeptMyDay()).toMatchObject({ status: punchedIn, today: { items: [task] } });
  });

  it("another person's status replaces the whole record: nothing of the first is left", () => {
    keepPunchStatus(noor, punchedIn, 1000);
    keepTodayTasks(noor, "2026-12-07", [task], false, 2000);
    keepPunchStatus(ravi, { isPunchedIn: false, lastPunchIn: null, activeTask: null }, 4000);
    const kept = readKeptMyDay()!;
    expect(kept.user.id).toBe("u-2");
    expect(kept.today).toBeNull();
    expect(localStorage.getItem(KEPT_MY_DAY_KEY)).not.toContain("Hendersons");
  });

  it("signing out forgets it; a malformed or foreign record reads as nothing", () => {
    keepPunchStatus(noor, punchedIn, 1000);
    forgetKeptMyDay();
    expect(localStorage.getItem(KEPT_MY_DAY_KEY)).toBeNull();
    expect(readKeptMyDay()).toBeNull();
    localStorage.setItem(KEPT_MY_DAY_KEY, "{not json");
    expect(readKeptMyDay()).toBeNull();
    localStorage.setItem(KEPT_MY_DAY_KEY, JSON.stringify({ user: { id: 1 }, status: "in" }));
    expect(readKeptMyDay()).toBeNull();
  });
});
