/**
 * Demo data for a pet-services and memorial-services business. Idempotent: it does nothing
 * when the database already has users (a real organization or an earlier seed).
 * Run with `npm run db:seed`; the launcher calls it on the first start of the embedded db.
 */
import { addDays, subDays } from "date-fns";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { TaskPriority, TaskStatus } from "@/lib/generated/prisma/enums";
import { createPrismaClient } from "@/lib/db-admin/client";
import { businessToday, dateKeyOf } from "@/lib/dates";
import { combineDayAndTime } from "@/lib/dates/day-time";
import { previousBusinessDay } from "@/lib/dates/business-days";
import { addDays as addDayKeys, dayOfWeek } from "@/lib/dates/days";
import { SERVICE_TYPE_TEMPLATE, STATION_ORDER, type CheckpointStation, type Station } from "@/lib/cases/stations";
import { addMembership, createBetaIssue, createCertification, createChamberMaintenance, createMemorialCase, createProcess, createProcessRun, createProject, createPunchSession, createTask, createUnit, createUser, createVendor, createPickupRequest, recordCaseScans } from "./factories";

export const DEMO_PASSWORD = "bfs-demo-2026";
export const DEMO_LOGINS = [
  { email: "admin@bfs.demo", role: "admin", name: "Alex Morgan" },
  { email: "priya@bfs.demo", role: "manager", name: "Priya Patel" },
  { email: "jamie@bfs.demo", role: "staff", name: "Jamie Rivera" },
] as const;
/** The demo clinic's portal user (docs/clinics.md): not a member; signs in to /clinic. */
export const DEMO_CLINIC_LOGIN = { email: "lena@lakesidevet.demo", name: "Lena Ortiz", clinic: "Lakeside Veterinary Clinic" } as const;

/** A wall-clock time in the business's zone, `daysAgo` days before today. */
function localAt(daysAgo: number, hour: number, minute = 0): Date {
  return combineDayAndTime(addDayKeys(businessToday(), -daysAgo), hour * 60 + minute, "start");
}

export async function seedDemoData(db: PrismaClient, log: (line: string) => void = console.log): Promise<boolean> {
  if ((await db.user.count()) > 0) {
    log("Demo data: the database already has users; nothing to seed.");
    return false;
  }
  const password = DEMO_PASSWORD;
  const user = (email: string, firstName: string, lastName: string, extra: Parameters<typeof createUser>[1] = {}) =>
    createUser(db, { email, firstName, lastName, password, ...extra });

  // People. Employees carry their payroll provider's id, so a payroll export can match them; the
  // contractor is paid outside payroll and the volunteer not at all (no pay type).
  const alex = await user("admin@bfs.demo", "Alex", "Morgan", { role: "admin", phone: "555-0100", payrollId: "E-1001", payType: "salaried" });
  const priya = await user("priya@bfs.demo", "Priya", "Patel", { role: "manager", phone: "555-0101", payrollId: "E-1002", payType: "salaried" });
  const jamie = await user("jamie@bfs.demo", "Jamie", "Rivera", { payrollId: "E-1003" });
  const marcus = await user("marcus@bfs.demo", "Marcus", "Chen", { payrollId: "E-1004" });
  const sofia = await user("sofia@bfs.demo", "Sofia", "Alvarez", { payrollId: "E-1005" });
  const dana = await user("dana@bfs.demo", "Dana", "Brooks", { payrollId: "E-1006" });
  const tom = await user("tom@bfs.demo", "Tom", "Whitfield", { memberType: "contractor" });
  const grace = await user("grace@bfs.demo", "Grace", "Kim", { memberType: "volunteer" });

  // Organization: every department group of spec §9, a parent/child pair, an Other and an unnumbered unit.
  const executive = await createUnit(db, { name: "Executive Office", unitNumber: 100, type: "division" });
  const finance = await createUnit(db, { name: "Finance & Billing", unitNumber: 110, parentId: executive.id });
  const admin = await createUnit(db, { name: "Administration", unitNumber: 200, type: "division" });
  const frontDesk = await createUnit(db, { name: "Front Desk & Scheduling", unitNumber: 210, parentId: admin.id });
  const sales = await createUnit(db, { name: "Sales & Marketing", unitNumber: 300 });
  const outreach = await createUnit(db, { name: "Community Outreach", unitNumber: 310, parentId: sales.id, type: "team" });
  const operations = await createUnit(db, { name: "Operations", unitNumber: 400, type: "division" });
  const cremation = await createUnit(db, { name: "Pet Cremation Services", unitNumber: 410, parentId: operations.id });
  const memorials = await createUnit(db, { name: "Memorial Products", unitNumber: 420, parentId: operations.id });
  const transport = await createUnit(db, { name: "Transport & Pickup", unitNumber: 430, parentId: operations.id, type: "team" });
  const facilities = await createUnit(db, { name: "Facilities & Grounds", unitNumber: 510 });
  const volunteers = await createUnit(db, { name: "Volunteer Program", type: "program" });

  for (const [unit, members] of [
    [executive, [alex]],
    [finance, [alex, dana]],
    [frontDesk, [jamie]],
    [sales, [dana]],
    [outreach, [dana, grace]],
    [operations, [priya]],
    [cremation, [priya, marcus]],
    [memorials, [sofia]],
    [transport, [marcus, jamie]],
    [facilities, [tom]],
    [volunteers, [grace]],
  ] as const) {
    for (const member of members) await addMembership(db, unit.id, member.id);
  }

  // Vendors
  const urnCo = await createVendor(db, { name: "Evergreen Urn Co.", contactName: "Helen Ortiz", email: "orders@evergreenurn.example", phone: "555-0170", services: "Urns, keepsake boxes" });
  const engraving = await createVendor(db, { name: "Paws Forever Engraving", contactName: "Sam Lee", email: "sam@pawsforever.example", phone: "555-0171", services: "Engraving, paw-print casts" });
  await createVendor(db, { name: "Sunrise Florals", contactName: "Maya Green", phone: "555-0172", services: "Memorial flowers" });
  await createVendor(db, { name: "Metro Vet Transport LLC", contactName: "Ray Dunn", phone: "555-0173", services: "After-hours transport" });
  await createVendor(db, { name: "Oakline HVAC", services: "Retort ventilation maintenance", isActive: false });

  // Projects
  const garden = await createProject(db, { name: "Spring Memorial Garden Event", createdById: alex.id, ownerId: dana.id, organizationalUnitId: outreach.id, startDate: addDays(new Date(), 10), dueDate: addDays(new Date(), 60) });
  const retort = await createProject(db, { name: "Cremation Retort Installation", createdById: alex.id, ownerId: priya.id, organizationalUnitId: cremation.id, status: "active", dueDate: addDays(new Date(), 30) });
  const website = await createProject(db, { name: "Online Memorial Ordering", createdById: alex.id, ownerId: sofia.id, organizationalUnitId: memorials.id, status: "planning" });

  const due = (days: number, hour = 17) => localAt(-days, hour);
  type Spec = Parameters<typeof createTask>[1];
  const task = (title: string, priority: TaskPriority, status: TaskStatus, rest: Omit<Spec, "title" | "priority" | "status">) =>
    createTask(db, {
      title,
      priority,
      status,
      // A completed task was created days before it was completed (never after: that would be bad data).
      ...(status === "completed" ? { createdAt: subDays(new Date(), 5), completedAt: subDays(new Date(), 1), completedById: rest.assigneeId ?? rest.createdById } : {}),
      ...rest,
    });

  const intake = await task("Intake: Bella (golden retriever) private cremation", "high", "in_progress", {
    createdById: priya.id, organizationalUnitId: cremation.id, assigneeType: "user", assigneeId: marcus.id, dueDate: due(0),
    description: "<p>Family requests paw print and fur clipping before cremation. Return in the <strong>cedar urn</strong>.</p>",
    checklist: ["Verify ID tag and paperwork", "Take paw print", "Fur clipping in keepsake envelope", "Log retort batch number"],
    team: [{ userId: marcus.id, isLead: true }, { userId: priya.id }], estimatedMinutes: 120,
  });
  await task("Prepare paw-print keepsake for Bella", "normal", "open", {
    createdById: priya.id, organizationalUnitId: cremation.id, parentTaskId: intake.id, assigneeType: "user", assigneeId: sofia.id, dueDate: due(1),
  });
  await task("Schedule family viewing for Bella", "high", "open", {
    createdById: priya.id, organizationalUnitId: cremation.id, parentTaskId: intake.id, assigneeType: "user", assigneeId: jamie.id, dueDate: due(0, 12),
  });
  await task("Pick up remains from Lakeside Animal Hospital", "critical", "open", {
    createdById: jamie.id, organizationalUnitId: transport.id, availableForPickup: true, dueDate: due(0, 11), estimatedMinutes: 90,
    description: "<p>Two pets, paperwork at the front desk. Bring the small transport carrier.</p>",
  });
  await task("After-hours pickup: Oak Street residence", "high", "open", {
    createdById: priya.id, organizationalUnitId: transport.id, availableForPickup: true, dueDate: due(1, 20),
  });
  await task("Restock urn display in showroom", "low", "open", {
    createdById: sofia.id, organizationalUnitId: memorials.id, availableForPickup: true, dueDate: due(3),
  });
  await task("Order cedar urns (restock 12)", "normal", "in_progress", {
    createdById: sofia.id, organizationalUnitId: memorials.id, assigneeType: "vendor", vendorId: urnCo.id, projectId: website.id, dueDate: due(5),
  });
  await task("Engrave nameplate: 'Max — Forever in our hearts'", "normal", "blocked", {
    createdById: sofia.id, organizationalUnitId: memorials.id, assigneeType: "vendor", vendorId: engraving.id, dueDate: due(-2),
    description: "<p>Waiting for the family to confirm spelling.</p>",
  });
  await task("Call back the Hendersons about memorial options", "high", "open", {
    createdById: jamie.id, organizationalUnitId: frontDesk.id, assigneeType: "user", assigneeId: jamie.id, dueDate: due(-1, 10),
  });
  await task("Reconcile October invoices", "normal", "open", {
    createdById: alex.id, organizationalUnitId: finance.id, assigneeType: "user", assigneeId: dana.id, dueDate: due(-3),
  });
  await task("Performance review notes for Q4", "normal", "open", {
    createdById: alex.id, organizationalUnitId: executive.id, isPrivate: true, assigneeType: "user", assigneeId: alex.id, dueDate: due(14),
  });
  await task("Personal: renew crematory operator certification", "high", "open", {
    createdById: marcus.id, organizationalUnitId: cremation.id, isPrivate: true, assigneeType: "user", assigneeId: marcus.id, dueDate: due(20),
  });
  const retortTask = await task("Retort installation: site preparation", "critical", "in_progress", {
    createdById: priya.id, organizationalUnitId: facilities.id, projectId: retort.id, assigneeType: "user", assigneeId: tom.id, startDate: localAt(3, 8), dueDate: due(7),
    checklist: ["Clear north bay", "Confirm ventilation permit", "Electrical inspection booked"], team: [{ userId: tom.id, isLead: true }, { userId: priya.id }, { userId: marcus.id }],
  });
  await task("Retort installation: staff safety training", "high", "open", {
    createdById: priya.id, organizationalUnitId: cremation.id, projectId: retort.id, parentTaskId: retortTask.id, dueDate: due(21),
  });
  await task("Design garden event flyer", "normal", "in_progress", {
    createdById: dana.id, organizationalUnitId: outreach.id, projectId: garden.id, assigneeType: "user", assigneeId: dana.id, dueDate: due(9),
    team: [{ userId: dana.id, isLead: true }, { userId: grace.id }],
  });
  await task("Recruit volunteers for the memorial garden", "low", "open", {
    createdById: dana.id, organizationalUnitId: volunteers.id, projectId: garden.id, assigneeType: "user", assigneeId: grace.id, dueDate: due(20),
  });
  await task("Weekly: sanitize transport carriers", "normal", "open", {
    createdById: priya.id, organizationalUnitId: transport.id, assigneeType: "user", assigneeId: marcus.id, dueDate: due(2),
    isRecurring: true, recurringPattern: "weekly", recurringDaysOfWeek: [1], recurringInterval: 1,
  });
  await task("Replace lobby light fixtures", "low", "completed", {
    createdById: alex.id, organizationalUnitId: facilities.id, assigneeType: "user", assigneeId: tom.id, dueDate: due(-4),
  });
  await task("Send sympathy cards (week 46)", "normal", "completed", {
    createdById: jamie.id, organizationalUnitId: frontDesk.id, assigneeType: "user", assigneeId: jamie.id, dueDate: due(-2),
  });
  await task("Quote for a second showroom display case", "low", "cancelled", {
    createdById: sofia.id, organizationalUnitId: memorials.id, dueDate: due(-10),
  });
  await task("Update price list on the website", "normal", "open", {
    createdById: dana.id, organizationalUnitId: sales.id, projectId: website.id, assigneeType: "user", assigneeId: dana.id, dueDate: due(-6),
  });
  await task("Monthly fire-extinguisher check", "normal", "open", {
    createdById: alex.id, organizationalUnitId: admin.id, assigneeType: "user", assigneeId: tom.id, dueDate: due(6),
    checklist: ["Lobby", "Crematory", "Showroom", "Garage"],
  });

  // Processes: the procedures this business repeats, written once and started as often as needed.
  // The three cremation templates a memorial case starts (docs/cases.md "Work"): one step per
  // checkpoint station, in the station order of the service type, so each scan completes its step.
  const stationStep = {
    intake: { title: "Intake", description: "Authorization signed, pet details recorded, the metal ID tag attached and the label printed.", organizationalUnitId: frontDesk.id, assigneeKind: "starter" as const, checklist: ["Cremation authorization signed", "Pet details and ID-tag number recorded", "Label printed and attached", "Urn and keepsake choices noted"] },
    cooler_in: { title: "Into the cooler", description: "Brought in from the clinic or the family and placed in the cooler.", organizationalUnitId: transport.id, assigneeKind: "none" as const, availableForPickup: true },
    cooler_out: { title: "Out of the cooler", description: "A second person matches the tag with the case before cremation.", organizationalUnitId: cremation.id, assigneeKind: "member" as const, assigneeId: priya.id, checklist: ["Match tag with the case", "Second-person sign-off"] },
    chamber_in: { title: "Into the chamber", organizationalUnitId: cremation.id, assigneeKind: "member" as const, assigneeId: marcus.id, checklist: ["Chamber empty (private)", "Chamber recorded on the scan"] },
    chamber_out: { title: "Out of the chamber", organizationalUnitId: cremation.id, assigneeKind: "member" as const, assigneeId: marcus.id, checklist: ["Keep the ID tag with the remains"] },
    processing: { title: "Processing", organizationalUnitId: cremation.id, assigneeKind: "member" as const, assigneeId: marcus.id },
    packaged: { title: "Urn and keepsakes", description: "Transfer the remains to the chosen urn; prepare the paw print and fur clipping.", organizationalUnitId: memorials.id, assigneeKind: "member" as const, assigneeId: sofia.id, checklist: ["Transfer remains to the urn", "Paw-print keepsake", "Fur clipping envelope", "Nameplate engraved"] },
    ready: { title: "Ready for return", description: "Certificate printed; call the family or the clinic.", organizationalUnitId: frontDesk.id, assigneeKind: "none" as const, checklist: ["Certificate of cremation printed", "Family or clinic called"] },
    returned: { title: "Return to the family", description: "Hand over the urn, certificate and keepsakes with a sympathy card; the receiver signs.", organizationalUnitId: frontDesk.id, assigneeKind: "starter" as const, checklist: ["Tag serial checked", "Sympathy card signed", "Receiver signed"] },
  };
  const stationDays = { intake: 0, cooler_in: 0, cooler_out: 1, chamber_in: 1, chamber_out: 1, processing: 2, packaged: 2, ready: 3, returned: 4 } as const;
  const cremationTemplate = (type: keyof typeof STATION_ORDER, description: string) =>
    createProcess(
      db,
      { name: SERVICE_TYPE_TEMPLATE[type], description, organizationalUnitId: cremation.id, createdById: priya.id },
      // The order holds checkpoints only (a pickup, picked_up, is no step of the process).
      (STATION_ORDER[type] as readonly CheckpointStation[]).map((station, i) => ({ ...stationStep[station], offsetDays: stationDays[station], durationDays: 1, ...(i > 0 ? { dependsOn: [i] } : {}) })),
    );
  const privateCremation = await cremationTemplate("private", "One pet, cremated alone, scanned at every station from intake to return.");
  await cremationTemplate("partitioned", "Several pets in one chamber, kept apart, each scanned at every station and returned.");
  await cremationTemplate("communal", "Pets cremated together; the ashes stay with us (no return).");
  await createProcess(
    db,
    { name: "Memorial keepsake order", description: "A keepsake ordered from a vendor, engraved, checked and handed to the family.", organizationalUnitId: memorials.id, createdById: sofia.id },
    [
      { title: "Take the keepsake order", organizationalUnitId: frontDesk.id, assigneeKind: "starter", offsetDays: 0, durationDays: 1, checklist: ["Keepsake model and size", "Engraving text confirmed in writing", "Deposit taken"] },
      { title: "Order from the urn supplier", organizationalUnitId: memorials.id, assigneeKind: "vendor", vendorId: urnCo.id, offsetDays: 1, durationDays: 3, dependsOn: [1] },
      { title: "Engraving", organizationalUnitId: memorials.id, assigneeKind: "vendor", vendorId: engraving.id, offsetDays: 4, durationDays: 2, dependsOn: [2] },
      { title: "Quality check and call the family", organizationalUnitId: memorials.id, assigneeKind: "member", assigneeId: sofia.id, offsetDays: 6, durationDays: 1, dependsOn: [3], checklist: ["Spelling matches the order", "No scratches or chips", "Family called for pickup"] },
    ],
  );
  await createProcess(
    db,
    { name: "Monthly facilities check", description: "The first-business-day walk-round of the building, the retort and the vehicles.", organizationalUnitId: facilities.id, createdById: alex.id },
    [
      { title: "Fire extinguishers and exits", organizationalUnitId: facilities.id, assigneeKind: "member", assigneeId: tom.id, offsetDays: 0, durationDays: 1, checklist: ["Lobby", "Crematory", "Showroom", "Garage", "Exit signs lit"] },
      { title: "Retort and ventilation inspection", organizationalUnitId: cremation.id, assigneeKind: "member", assigneeId: marcus.id, offsetDays: 0, durationDays: 1, checklist: ["Door seals", "Temperature sensors", "Ventilation filters"] },
      { title: "Cold storage temperature log", organizationalUnitId: cremation.id, assigneeKind: "none", offsetDays: 1, durationDays: 1, availableForPickup: true },
      { title: "Transport vehicle check", organizationalUnitId: transport.id, assigneeKind: "none", offsetDays: 1, durationDays: 1, availableForPickup: true, checklist: ["Tyres and lights", "Carriers sanitized", "Fuel card present"] },
      { title: "Report to the manager", organizationalUnitId: facilities.id, assigneeKind: "member", assigneeId: tom.id, offsetDays: 2, durationDays: 1, dependsOn: [1, 2, 3, 4] },
    ],
  );
  // One run in progress: started two business days ago, the first three steps done.
  const today = dateKeyOf(new Date());
  const lunaRun = await createProcessRun(db, {
    processId: privateCremation.id,
    createdById: jamie.id,
    completedById: marcus.id,
    name: "Private cremation – Luna (tabby cat)",
    startDate: previousBusinessDay(previousBusinessDay(today)),
    completed: [1, 2, 3],
  });

  // The business's contact details families see on their status page (docs/cases.md "Family page").
  await db.organizationSettings.upsert({
    where: { id: 1 },
    create: { id: 1, phone: "(312) 555-0148", email: "care@bfs.demo", address: "1200 Elm Street\nSpringfield, IL 62701", hours: "Mon-Fri 8 AM - 6 PM\nSat 9 AM - 1 PM\nSun closed", updatedById: alex.id },
    update: {},
  });

  // Memorial cases at different steps (docs/cases.md), their scans hash-chained like the app's.
  // A referring clinic (docs/clinics.md) with its portal user, who sees only its cases and pickups.
  const clinic = await createVendor(db, {
    kind: "clinic",
    name: "Lakeside Veterinary Clinic",
    contactName: "Dr. Erin Walsh",
    email: "frontdesk@lakesidevet.example",
    phone: "555-0180",
    services: "Referring clinic",
    address: "410 Lakeshore Drive\nSpringfield, IL 62704",
    postcode: "62704",
    latitude: 39.7721,
    longitude: -89.6502,
    billingEmail: "billing@lakesidevet.example",
    contacts: [{ name: "Kim Boyd", role: "Practice manager", phone: "555-0181", email: "kim@lakesidevet.example" }],
  });
  const clinicUser = await user(DEMO_CLINIC_LOGIN.email, "Lena", "Ortiz", { role: "clinic", clinicVendorId: clinic.id });
  await createPickupRequest(db, { createdById: clinicUser.id, clinicVendorId: clinic.id, petName: "Pepper", petSpecies: "Cat", petWeightLbs: 11, ownerName: "The Garcias", ownerContact: "555-0196", ownerWillContact: false, note: "In the cooler, left shelf", address: "410 Lakeshore Drive\nSpringfield, IL 62704", postcode: "62704", latitude: 39.7721, longitude: -89.6502 });
  const [chamber1, chamber2] = await db.cremationChamber.findMany({ orderBy: { name: "asc" } });
  const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
  const demoCase = async (
    data: Omit<Parameters<typeof createMemorialCase>[1], "createdById">,
    stations: Station[],
    startedHoursAgo: number,
    chamberId = chamber1.id,
  ) => {
    const c = await createMemorialCase(db, { createdById: priya.id, receivedAt: hoursAgo(startedHoursAgo + 1), ...data });
    const step = stations.length > 1 ? startedHoursAgo / stations.length : 0;
    await recordCaseScans(db, { caseId: c.id, memberId: jamie.id, stations, chamberId, times: stations.map((_, i) => hoursAgo(startedHoursAgo - i * step)) });
    return c;
  };
  const inDays = (days: number) => new Date(`${addDayKeys(today, days)}T00:00:00Z`);
  await demoCase(
    { petName: "Luna", petSpecies: "Cat", petBreed: "Tabby", petWeightLbs: 9.5, petColor: "Brown tabby, white paws", familyName: "The Nguyens", familyPhone: "555-0191", familyEmail: "nguyen.family@example.com", familyEmailConsent: true, serviceType: "private", clinicVendorId: clinic.id, pawPrint: true, urnProduct: "Cedar box, engraved", returnMethod: "clinic_pickup", promisedReturnDate: inDays(3), tagSerial: "BFS-10421", processRunId: lunaRun.run.id },
    ["intake", "cooler_in", "cooler_out"],
    30,
  );
  await demoCase(
    { petName: "Bella", petSpecies: "Dog", petBreed: "Labrador retriever", petWeightLbs: 68, petColor: "Black, white chest", familyName: "The Andersons", familyPhone: "555-0192", serviceType: "private", pawPrint: true, furClipping: true, urnProduct: "Walnut urn", returnMethod: "pickup_here", promisedReturnDate: inDays(2), tagSerial: "BFS-10422" },
    ["intake", "cooler_in", "cooler_out", "chamber_in"],
    20,
    // A private cremation in progress: alone in its chamber (the others pass through chamber 1).
    chamber2.id,
  );
  await demoCase(
    { petName: "Max", petSpecies: "Dog", petBreed: "Beagle", petWeightLbs: 24, familyName: "The Okafors", familyEmail: "okafor@example.com", serviceType: "partitioned", clinicVendorId: clinic.id, returnMethod: "delivery", promisedReturnDate: inDays(5), tagSerial: "BFS-10423" },
    ["intake"],
    3,
  );
  await demoCase({ petName: "Cooper", petSpecies: "Rabbit", familyName: "The Lindqvists", serviceType: "communal", clinicVendorId: clinic.id, tagSerial: "BFS-10424" }, ["intake", "cooler_in"], 40);
  await demoCase(
    { petName: "Daisy", petSpecies: "Cat", petBreed: "Siamese", petWeightLbs: 8, familyName: "The Harrises", familyPhone: "555-0195", serviceType: "private", pawPrint: true, urnProduct: "Ceramic urn, blue", returnMethod: "pickup_here", promisedReturnDate: inDays(-1), tagSerial: "BFS-10418" },
    ["intake", "cooler_in", "cooler_out", "chamber_in", "chamber_out", "processing", "packaged", "ready"],
    96,
  );
  await demoCase(
    { petName: "Charlie", petSpecies: "Dog", petBreed: "Golden retriever", petWeightLbs: 71, familyName: "The Brennans", serviceType: "private", returnMethod: "clinic_pickup", clinicVendorId: clinic.id, promisedReturnDate: inDays(-3), tagSerial: "BFS-10411" },
    [...STATION_ORDER.private],
    150,
  );

  // Operators and chambers on record (docs/cases.md "Operators and chambers"): two certified
  // operators (Jamie's expires within the month, so the chambers screen lists it as expiring), a
  // certification that does not let its holder load a chamber, and each chamber's latest work.
  await createCertification(db, { memberId: marcus.id, recordedById: alex.id, issuedOn: addDayKeys(today, -200), expiresOn: addDayKeys(today, 530) });
  await createCertification(db, { memberId: jamie.id, recordedById: alex.id, issuedOn: addDayKeys(today, -340), expiresOn: addDayKeys(today, 20) });
  await createCertification(db, { memberId: sofia.id, recordedById: alex.id, name: "First aid", loadsChamber: false, issuedOn: addDayKeys(today, -90), expiresOn: addDayKeys(today, 640) });
  await createChamberMaintenance(db, { chamberId: chamber1.id, recordedById: priya.id, kind: "inspection", performedOn: addDayKeys(today, -12), performedBy: "Marcus Chen", notes: "Annual inspection: burners, door seal and afterburner temperature checked; passed." });
  await createChamberMaintenance(db, { chamberId: chamber2.id, recordedById: priya.id, kind: "repair", performedOn: addDayKeys(today, -5), performedBy: "Acme Retort Service", notes: "Replaced the door seal; tested at temperature." });

  // Two weeks of punch history for the staff (weekdays: morning, lunch, afternoon).
  const staff = [priya, jamie, marcus, sofia, dana, tom];
  for (let daysAgo = 14; daysAgo >= 1; daysAgo--) {
    const weekday = dayOfWeek(addDayKeys(businessToday(), -daysAgo));
    if (weekday === 0 || weekday === 6) continue;
    for (const [index, member] of staff.entries()) {
      const startMinute = (index * 7 + daysAgo * 3) % 20;
      const morning = await createPunchSession(db, {
        userId: member.id, punchInAt: localAt(daysAgo, 8, startMinute), punchOutAt: localAt(daysAgo, 12, 0),
        inLocation: index % 2 ? "facility" : "desktop", inSource: index % 2 ? "qr" : "desktop", outLocation: "desktop", outSource: "desktop", outReason: "Lunch",
      });
      const afternoon = await createPunchSession(db, {
        userId: member.id, punchInAt: localAt(daysAgo, 12, 30), punchOutAt: localAt(daysAgo, 16, 30 + startMinute),
        inLocation: "desktop", inSource: "desktop", outLocation: "desktop", outSource: "desktop", outReason: "End of Workday",
      });
      // Task time on the last business days, so labour cost shows per case, run, project and department:
      // Marcus and Jamie on Luna's cremation run in the morning, Priya and Marcus on the retort project after lunch.
      if (daysAgo <= 4) {
        if (member === marcus || member === jamie) {
          const taskId = lunaRun.taskIds[member === marcus ? 0 : Math.min(1, lunaRun.taskIds.length - 1)];
          await db.taskTimeEntry.create({ data: { userId: member.id, taskId, punchSessionId: morning.id, startedAt: localAt(daysAgo, 9, 0), endedAt: localAt(daysAgo, 10, 30) } });
        }
        if (member === priya || member === marcus) {
          await db.taskTimeEntry.create({ data: { userId: member.id, taskId: retortTask.id, punchSessionId: afternoon.id, startedAt: localAt(daysAgo, 13, 0), endedAt: localAt(daysAgo, 14, 15) } });
        }
      }
    }
  }

  // Pay rates (docs/time.md "Pay rates and labour cost"): salaried managers, hourly staff, a raise
  // that took effect last week (Jamie), and a second job at its own rate (Marcus in the crematory).
  // The volunteer has none.
  const yearAgo = new Date(`${addDayKeys(today, -365)}T00:00:00Z`);
  const rate = (userId: string, kind: "hourly" | "salaried", amountCents: number, effectiveFrom = yearAgo, unitId: string | null = null, note: string | null = null) =>
    db.payRate.create({ data: { userId, kind, amountCents, effectiveFrom, unitId, note, createdById: alex.id } });
  await rate(alex.id, "salaried", 7_800_000);
  await rate(priya.id, "salaried", 6_240_000);
  await rate(jamie.id, "hourly", 1850);
  await rate(jamie.id, "hourly", 1975, new Date(`${addDayKeys(today, -6)}T00:00:00Z`), null, "Raise after the operator certification");
  await rate(marcus.id, "hourly", 2100);
  await rate(marcus.id, "hourly", 2400, yearAgo, cremation.id, "Crematory operator");
  await rate(sofia.id, "hourly", 1925);
  await rate(dana.id, "hourly", 2250);
  await rate(tom.id, "hourly", 3500, yearAgo, null, "Contract rate");
  // Beta issues: one triaged with a reply, one new (no files: those live in lib/storage).
  await createBetaIssue(db, {
    reporterId: jamie.id, title: "[BETA] Punch timer keeps running after Punch Out on my phone", issueType: "bug", severity: "warning", status: "triaged",
    description: "On my phone I tapped Punch Out, picked Lunch and confirmed.\nThe header still showed the timer running until I reloaded the page.",
    pageUrl: "http://localhost:3000/", userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
    environment: { screen: "390×844", viewport: "390×664", language: "en-US", timeZone: "America/Chicago", platform: "iPhone", pixelRatio: 3 },
    createdAt: localAt(2, 10, 15),
    statusChanges: { create: [
      { actorId: jamie.id, toStatus: "new", toSeverity: "warning", createdAt: localAt(2, 10, 15) },
      { actorId: alex.id, fromStatus: "new", toStatus: "triaged", createdAt: localAt(1, 9, 5) },
    ] },
    comments: { create: [{ authorId: alex.id, body: "Thanks Jamie — does it happen every time, or only after a long shift?", createdAt: localAt(1, 9, 5) }] },
  });
  await createBetaIssue(db, {
    reporterId: priya.id, title: "[BETA] Let me filter the task list by project", issueType: "feature", severity: "informational",
    description: "When planning the week I want to see only the Memorial garden project's tasks.",
    pageUrl: "http://localhost:3000/", environment: { screen: "1920×1080", viewport: "1440×900", language: "en-US", timeZone: "America/Chicago" },
    statusChanges: { create: [{ actorId: priya.id, toStatus: "new", toSeverity: "informational" }] },
  });
  log(`Demo data: seeded 8 members, 12 units, 6 vendors, 4 projects, 5 processes (one started), 6 memorial cases, 3 certifications, 2 chamber maintenance entries, 29 tasks, two weeks of punches with task time, pay rates and 2 beta issues.`);
  return true;
}

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error("DATABASE_URL is not set. Run `npm run dev` (it starts the embedded database and seeds it) or set DATABASE_URL.");
    process.exit(1);
  }
  const db = createPrismaClient(url);
  try {
    await seedDemoData(db);
  } finally {
    await db.$disconnect();
  }
}

if (process.argv[1]?.endsWith("seed.ts")) {
  main().catch((error) => {
    console.error(`Seeding failed: ${error instanceof Error ? error.message.split("\n")[0] : error}`);
    process.exit(1);
  });
}
