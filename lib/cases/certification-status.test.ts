import { certificationStatus } from "./certification-status";

describe("certificationStatus", () => {
  it("is current until 30 days before the expiry day, then expiring, through the expiry day itself", () => {
    expect(certificationStatus("2026-01-01", "2026-12-31", "2026-12-01")).toEqual({ status: "expiring", daysLeft: 30 });
    expect(certificationStatus("2026-01-01", "2026-12-31", "2026-11-30")).toEqual({ status: "current", daysLeft: 31 });
    expect(certificationStatus("2026-01-01", "2026-12-31", "2026-12-31")).toEqual({ status: "expiring", daysLeft: 0 });
    expect(certificationStatus("2026-01-01", "2026-12-31", "2027-01-01")).toEqual({ status: "expired", daysLeft: -1 });
  });

  it("counts calendar days across month ends and a leap day", () => {
    expect(certificationStatus("2027-01-01", "2028-03-01", "2028-02-28")).toEqual({ status: "expiring", daysLeft: 2 });
    expect(certificationStatus("2027-01-01", "2028-02-29", "2028-03-01")).toEqual({ status: "expired", daysLeft: -1 });
  });

  it("is not yet valid before its issue day, valid on it; a one-day certification is valid that day only", () => {
    expect(certificationStatus("2026-06-02", "2027-06-01", "2026-06-01")).toEqual({ status: "not_yet_valid", daysLeft: 365 });
    expect(certificationStatus("2026-06-02", "2027-06-01", "2026-06-02").status).toBe("current");
    expect(certificationStatus("2026-06-02", "2026-06-02", "2026-06-02")).toEqual({ status: "expiring", daysLeft: 0 });
    expect(certificationStatus("2026-06-02", "2026-06-02", "2026-06-03").status).toBe("expired");
  });
});
