import {
  adminMenuItems,
  betaIssuesLabel,
  billingNavItems,
  casesNavItems,
  scheduleNavItems,
  dashboardsMenuItems,
  headerNavOf,
  mainNavItems,
  prefetchRoutes,
  settingsMenuItems,
} from "./nav-config";
import { isAnyActive, isLinkActive } from "./nav-active";

describe("mainNavItems", () => {
  it("lists the spec's items in order", () => {
    expect(mainNavItems("staff").map((i) => `${i.label} ${i.href}`)).toEqual([
      "Task List /",
      "Scoreboard /scoreboard",
      "Statistics /statistics",
      "Time Logs /time-logs",
      "Gantt /gantt",
      "Recurring Tasks /recurring-tasks",
      "Available Tasks /available-tasks",
      "Projects /projects",
      "Processes /processes",
      "My Beta Issues /beta-issues",
      "Profile /profile",
    ]);
  });

  it('labels beta issues "Beta Issues" for admins only', () => {
    expect(betaIssuesLabel("admin")).toBe("Beta Issues");
    expect(betaIssuesLabel("manager")).toBe("My Beta Issues");
    expect(betaIssuesLabel("staff")).toBe("My Beta Issues");
    expect(betaIssuesLabel(null)).toBe("My Beta Issues");
    expect(mainNavItems("admin").find((i) => i.id === "beta-issues")?.label).toBe("Beta Issues");
  });
});

describe("casesNavItems", () => {
  it("gives every member Cases, Scan and My run, and dispatchers Pickup runs", () => {
    expect(casesNavItems("staff").map((i) => `${i.label} ${i.href}`)).toEqual(["Cases /cases", "Scan /scan", "My run /runs/today"]);
    for (const role of ["manager", "admin"] as const) {
      expect(casesNavItems(role).map((i) => `${i.label} ${i.href}`)).toEqual(["Cases /cases", "Scan /scan", "My run /runs/today", "Pickup runs /runs"]);
    }
    expect(casesNavItems(undefined)).toEqual([]);
    expect(isLinkActive("/cases/C-2026-00001", casesNavItems("staff")[0]!)).toBe(true);
  });
});

describe("scheduleNavItems", () => {
  it("gives everyone My schedule, and planners Plan the schedule; the header button opens what the role uses", () => {
    expect(scheduleNavItems("staff").map((i) => `${i.label} ${i.href}`)).toEqual(["My schedule /schedule/me"]);
    for (const role of ["manager", "admin"] as const) {
      expect(scheduleNavItems(role).map((i) => `${i.label} ${i.href}`)).toEqual(["My schedule /schedule/me", "Plan the schedule /schedule"]);
    }
    expect(scheduleNavItems(undefined)).toEqual([]);
    expect(headerNavOf("staff").schedule?.href).toBe("/schedule/me");
    expect(headerNavOf("manager").schedule?.href).toBe("/schedule");
  });
});

describe("billingNavItems", () => {
  it("gives Billing to those who read statements and prices (admins, managers), as the header's button too", () => {
    for (const role of ["manager", "admin"] as const) {
      expect(billingNavItems(role).map((i) => `${i.label} ${i.href}`)).toEqual(["Billing /billing"]);
      expect(headerNavOf(role).billing?.href).toBe("/billing");
      expect(prefetchRoutes(role)).toContain("/billing");
    }
    expect(billingNavItems("staff")).toEqual([]);
    expect(billingNavItems(undefined)).toEqual([]);
    expect(headerNavOf("staff").billing).toBeNull();
    expect(prefetchRoutes("staff")).not.toContain("/billing");
  });
});

describe("dropdowns", () => {
  it("Dashboards lists Task List, Projects, Processes, Scoreboard, Statistics, Time Logs, Gantt Chart, Recurring Tasks", () => {
    expect(dashboardsMenuItems().map((i) => i.label)).toEqual([
      "Task List",
      "Projects",
      "Processes",
      "Scoreboard",
      "Statistics",
      "Time Logs",
      "Gantt Chart",
      "Recurring Tasks",
    ]);
  });

  it("gives admin entries to admins only", () => {
    expect(adminMenuItems("staff")).toEqual([]);
    expect(adminMenuItems("manager")).toEqual([]);
    expect(adminMenuItems(undefined)).toEqual([]);
    expect(adminMenuItems("admin").map((i) => `${i.label} ${i.href}`)).toEqual([
      "Alerts Admin /admin/alerts",
      "Accountability /admin/accountability",
      "Deleted Tasks /admin/deleted",
      "API Management /admin/api",
      "Webhooks /admin/webhooks",
      "Single sign-on /admin/sso",
      "Organization /organization",
      "Members /members",
      "Vendors /vendors",
      "Punch posts /admin/punch-posts",
      "Print Punch QR Code /api/admin/punch-qr-pdf",
    ]);
    expect(adminMenuItems("admin").at(-1)?.kind).toBe("action");
  });

  it("Settings holds My Profile", () => {
    expect(settingsMenuItems().map((i) => `${i.label} ${i.href}`)).toEqual(["My Profile /profile"]);
  });
});

describe("isLinkActive", () => {
  const projects = { href: "/projects", matchSubPaths: true };
  const taskList = { href: "/" };
  const scoreboard = { href: "/scoreboard" };

  it("matches the exact path and ignores a trailing slash, query and hash", () => {
    expect(isLinkActive("/scoreboard", scoreboard)).toBe(true);
    expect(isLinkActive("/scoreboard/", scoreboard)).toBe(true);
    expect(isLinkActive("/scoreboard?x=1", scoreboard)).toBe(true);
    expect(isLinkActive("/scoreboard#top", scoreboard)).toBe(true);
  });

  it("highlights Projects, Processes and Beta Issues for sub-paths only where configured", () => {
    expect(isLinkActive("/projects/abc", projects)).toBe(true);
    expect(isLinkActive("/projects", projects)).toBe(true);
    expect(isLinkActive("/projectsx", projects)).toBe(false);
    expect(isLinkActive("/scoreboard/abc", scoreboard)).toBe(false);
    const beta = mainNavItems("staff").find((i) => i.id === "beta-issues")!;
    expect(isLinkActive("/beta-issues/0b6e7a5c-3d7b-4f7e-9f51-2a3c1d4e5f60", beta)).toBe(true);
    const processes = mainNavItems("staff").find((i) => i.id === "processes")!;
    expect(isLinkActive("/processes/42", processes)).toBe(true);
  });

  it("highlights Task List only on / itself", () => {
    expect(isLinkActive("/", taskList)).toBe(true);
    expect(isLinkActive("/scoreboard", taskList)).toBe(false);
    expect(isLinkActive("/tasks/1", taskList)).toBe(false);
    expect(isLinkActive("/", { href: "/", matchSubPaths: true })).toBe(true);
    expect(isLinkActive("/x", { href: "/", matchSubPaths: true })).toBe(false);
  });

  it("is false without a path", () => {
    expect(isLinkActive(null, scoreboard)).toBe(false);
    expect(isLinkActive("", scoreboard)).toBe(false);
  });

  it("isAnyActive spots the Dashboards group and skips actions", () => {
    expect(isAnyActive("/projects/7", dashboardsMenuItems())).toBe(true);
    expect(isAnyActive("/available-tasks", dashboardsMenuItems())).toBe(false);
    expect(isAnyActive("/api/admin/punch-qr-pdf", adminMenuItems("admin"))).toBe(false);
    expect(isAnyActive("/admin/alerts", adminMenuItems("admin"))).toBe(true);
  });
});


describe("prefetchRoutes", () => {
  it("pre-loads the main pages, admin pages for admins, never the PDF", () => {
    const staff = prefetchRoutes("staff");
    expect(staff).toContain("/");
    expect(staff).toContain("/gantt");
    expect(staff).toContain("/profile");
    expect(staff).not.toContain("/admin/alerts");
    const admin = prefetchRoutes("admin");
    expect(admin).toContain("/admin/alerts");
    expect(admin).not.toContain("/api/admin/punch-qr-pdf");
    expect(new Set(admin).size).toBe(admin.length);
  });
});

describe("headerNavOf", () => {
  it("hands the desktop header what the role may see, and nothing else", () => {
    const staff = headerNavOf("staff");
    expect(staff.dashboards).toEqual(dashboardsMenuItems());
    expect(staff.settings).toEqual(settingsMenuItems());
    expect(staff.admin).toEqual([]);
    expect(staff.cases).toEqual(casesNavItems("staff").find((item) => item.id === "cases") ?? null);
    expect(staff.betaIssuesLabel).toBe(betaIssuesLabel("staff"));
    expect(staff.prefetch).toEqual(prefetchRoutes("staff"));
    const admin = headerNavOf("admin");
    expect(admin.admin).toEqual(adminMenuItems("admin"));
    expect(admin.betaIssuesLabel).toBe("Beta Issues");
  });
});
