import "server-only";
import { alertEventData, recordWebhookEvent, requestWebhookDelivery } from "@/lib/services/webhooks/record-event";
import { taskTitle, titleForReader } from "@/lib/tasks/task-title";
import { outboxStatus } from "@/lib/services/notifications/notify";
import { channelsFor } from "@/lib/services/notifications/preferences";
import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db";
import { appUrl } from "@/lib/services/mail/mailer";
import { isTaskVisible } from "@/lib/services/visibility/tasks";
import { ALERT_KIND_LABELS, ruleParamsSchema, type AlertKind } from "@/lib/validations/alerts";
import type { Role } from "@/lib/auth/permissions";
import type { Finding } from "./finding";
import { findConditions } from "./findings";
import { requestAlertMail } from "./request-evaluation";

/**
 * The alerts engine (docs/alerts.md). For each active rule, under a transaction-scoped
 * advisory lock on the rule (two evaluators at once take turns), it reads what holds now, raises
 * one alert per (rule, subject, occurrence) — a unique index makes a rerun or a second instance
 * a no-op — with its in-app recipients and e-mail outbox rows in the same transaction, and
 * resolves the rule's open alerts whose condition is gone. E-mail is sent afterwards by the
 * alerts-mail job (send-alert-emails.ts), never inside this transaction.
 */

export interface EvaluateOptions {
  now?: Date;
  ruleId?: string;
}

export interface EvaluateResult {
  rules: number;
  raised: number;
  resolved: number;
  emails: number;
}

type RuleRow = Prisma.AlertRuleGetPayload<object>;

interface Person {
  id: string;
  email: string;
  role: Role;
  firstName: string;
}

export async function evaluateRules(options: EvaluateOptions = {}): Promise<EvaluateResult> {
  const now = options.now ?? new Date();
  const rules = await db.alertRule.findMany({ where: { isActive: true, ...(options.ruleId ? { id: options.ruleId } : {}) }, orderBy: { createdAt: "asc" } });
  const total: EvaluateResult = { rules: rules.length, raised: 0, resolved: 0, emails: 0 };
  for (const rule of rules) {
    const result = await evaluateRule(rule, now);
    total.raised += result.raised;
    total.resolved += result.resolved;
    total.emails += result.emails;
  }
  if (total.emails > 0) requestAlertMail();
  requestWebhookDelivery();
  return total;
}

async function evaluateRule(rule: RuleRow, now: Date): Promise<Omit<EvaluateResult, "rules">> {
  const parsed = ruleParamsSchema.safeParse(rule.config);
  if (!parsed.success) return { raised: 0, resolved: 0, emails: 0 };
  return db.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`alert-rule:${rule.id}`}))`;
      const findings = await findConditions(tx, { ...rule, params: parsed.data }, now);
      const people = await loadPeople(tx, rule, findings);
      let raised = 0;
      let emails = 0;
      const seen: string[] = [];
      for (const finding of findings) {
        const [row] = await tx.$queryRaw<{ id: string; inserted: boolean }[]>`
          INSERT INTO alerts (rule_id, kind, subject_type, subject_id, occurrence, user_id, task_id, unit_id, href, severity, message, last_seen_at, created_at)
          VALUES (${rule.id}::uuid, ${rule.kind}, ${finding.subjectType}, ${finding.subjectId}, ${finding.occurrence}, ${finding.userId}::uuid, ${finding.taskId}::uuid,
                  ${finding.unitId}::uuid, ${finding.href}, ${rule.severity}::"AlertSeverity", ${finding.message}, ${now}, ${now})
          ON CONFLICT (rule_id, subject_type, subject_id, occurrence)
          DO UPDATE SET last_seen_at = EXCLUDED.last_seen_at, message = EXCLUDED.message, resolved_at = NULL
          RETURNING id, (xmax = 0) AS inserted`;
        seen.push(row.id);
        if (!row.inserted) continue;
        raised += 1;
        await recordWebhookEvent(tx, "alert.raised", () => alertEventData(tx, row.id));
        const recipients = recipientsOf(rule, finding, people);
        if (rule.channelInApp && recipients.length) {
          await tx.alertRecipient.createMany({ data: recipients.map((p) => ({ alertId: row.id, userId: p.id })), skipDuplicates: true });
        }
        if (rule.channelEmail && recipients.length) {
          // Each recipient's choice for alerts (My Profile → Notifications): now, in the hourly digest, or the bell only.
          const channels = await channelsFor(tx, "alert", recipients.map((p) => p.id));
          const outbox = recipients.flatMap((p) => {
            const status = outboxStatus(channels.get(p.id) ?? "bell_email");
            return status ? [{ alertId: row.id, userId: p.id, toEmail: p.email, status, ...composeEmail(rule, finding, p) }] : [];
          });
          if (outbox.length) emails += (await tx.alertEmail.createMany({ data: outbox, skipDuplicates: true })).count;
        }
      }
      const { count: resolved } = await tx.alert.updateMany({ where: { ruleId: rule.id, resolvedAt: null, id: { notIn: seen } }, data: { resolvedAt: now } });
      await tx.alertRule.update({ where: { id: rule.id }, data: { lastEvaluatedAt: now, ...(raised > 0 ? { lastFiredAt: now } : {}) } });
      return { raised, resolved, emails };
    },
    { timeout: 60_000, maxWait: 30_000 },
  );
}

interface People {
  byId: Map<string, Person>;
  admins: Person[];
  managersByUnit: Map<string, string[]>;
}

const personSelect = { id: true, email: true, role: true, firstName: true } as const;

async function loadPeople(tx: Prisma.TransactionClient, rule: RuleRow, findings: Finding[]): Promise<People> {
  const unitIds = [...new Set(findings.flatMap((f) => f.unitIds))];
  const subjectIds = rule.notifySubject ? [...new Set(findings.flatMap((f) => f.subjectUserIds))] : [];
  const [admins, managers, others] = await Promise.all([
    rule.notifyAdmins ? tx.user.findMany({ where: { role: "admin", isActive: true }, select: personSelect }) : [],
    rule.notifyManagers && unitIds.length
      ? tx.unitMembership.findMany({ where: { unitId: { in: unitIds }, user: { role: "manager", isActive: true } }, select: { unitId: true, user: { select: personSelect } } })
      : [],
    tx.user.findMany({ where: { id: { in: [...subjectIds, ...rule.notifyUserIds, ...(rule.notifyCreator ? [rule.createdById] : [])] }, isActive: true }, select: personSelect }),
  ]);
  const byId = new Map<string, Person>();
  for (const p of [...admins, ...others, ...managers.map((m) => m.user)]) byId.set(p.id, p);
  const managersByUnit = new Map<string, string[]>();
  for (const m of managers) managersByUnit.set(m.unitId, [...(managersByUnit.get(m.unitId) ?? []), m.user.id]);
  return { byId, admins, managersByUnit };
}

/** The rule's "who is notified", for one finding: subject member(s), its creator, department managers, admins, specific people. */
function recipientsOf(rule: RuleRow, finding: Finding, people: People): Person[] {
  const ids = new Set<string>();
  if (rule.notifySubject) finding.subjectUserIds.forEach((id) => ids.add(id));
  if (rule.notifyManagers) finding.unitIds.forEach((unit) => (people.managersByUnit.get(unit) ?? []).forEach((id) => ids.add(id)));
  if (rule.notifyAdmins) people.admins.forEach((p) => ids.add(p.id));
  if (rule.notifyCreator) ids.add(rule.createdById);
  rule.notifyUserIds.forEach((id) => ids.add(id));
  return [...ids].map((id) => people.byId.get(id)).filter((p): p is Person => Boolean(p));
}

const SEVERITY_WORD = { info: "Info", warning: "Warning", critical: "Critical" } as const;

/** The subject line as a reader sees it: a private task's title only for who may see it. */
export function subjectTitle(finding: Pick<Finding, "task" | "memberName">, viewer: { userId: string; role: Role }): { title: string; hidden: boolean } {
  if (!finding.task) return { title: finding.memberName ?? "", hidden: false };
  const visible = isTaskVisible(viewer, finding.task, { includeDeleted: true });
  return { title: titleForReader(visible, taskTitle(finding.task)), hidden: !visible };
}

function composeEmail(rule: RuleRow, finding: Finding, person: Person): { subject: string; body: string } {
  const viewer = { userId: person.id, role: person.role };
  const { title, hidden } = subjectTitle(finding, viewer);
  const kindLabel = ALERT_KIND_LABELS[rule.kind as AlertKind] ?? rule.kind;
  const link = finding.href && !hidden ? `${appUrl()}${finding.href}` : `${appUrl()}/`;
  return {
    subject: `[${SEVERITY_WORD[rule.severity]}] ${rule.name}: ${title}`.slice(0, 250),
    body: [`Hello ${person.firstName},`, "", `${kindLabel} — ${title}`, finding.message, "", `Open: ${link}`, "", `You receive this because of the alert rule "${rule.name}".`].join("\n"),
  };
}
