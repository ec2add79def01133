import "server-only";
import { logLine } from "@/lib/http/log";

export interface MailAttachment {
  filename: string;
  content: Buffer | string;
  contentType: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent with the message (a statement's PDF and CSV). */
  attachments?: MailAttachment[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export const mailFrom = () => process.env.MAIL_FROM || "BFS Tasks <no-reply@localhost>";
/** Base URL for links in mail (password reset): APP_URL, else NEXTAUTH_URL, else http://localhost:3000. */
export const appUrl = () => (process.env.APP_URL || process.env.NEXTAUTH_URL || "http://localhost:3000").replace(/\/+$/, "");

/** SMTP through nodemailer, e.g. SMTP_URL=smtps://user:pass@smtp.example.com:465 */
class SmtpMailer implements Mailer {
  private transport: Promise<import("nodemailer").Transporter> | null = null;
  constructor(private readonly url: string) {}

  async send(message: MailMessage): Promise<void> {
    this.transport ??= import("nodemailer").then((m) => m.createTransport(this.url));
    await (await this.transport).sendMail({ from: mailFrom(), ...message });
    logLine({ level: "info", event: "mail.sent", subject: message.subject });
  }
}

/**
 * Without SMTP the message goes to the server log, links included: that is how a developer
 * (or an operator before mail is set up) gets a reset link. Configure SMTP_URL in production.
 */
class LogMailer implements Mailer {
  async send(message: MailMessage): Promise<void> {
    if (process.env.NODE_ENV === "test" && !process.env.LOG_IN_TESTS) return;
    console.log(
      JSON.stringify({ t: new Date().toISOString(), level: "info", event: "mail.logged", from: mailFrom(), ...message, html: undefined, attachments: message.attachments?.map((a) => a.filename) }),
    );
  }
}

let override: Mailer | null = null;
let fromEnv: Mailer | null = null;

export function getMailer(): Mailer {
  if (override) return override;
  fromEnv ??= process.env.SMTP_URL ? new SmtpMailer(process.env.SMTP_URL) : new LogMailer();
  return fromEnv;
}

/** Tests: capture outgoing mail (`setMailer(captureMailer)`); `null` restores the configured one. */
export function setMailer(mailer: Mailer | null): void {
  override = mailer;
}

/** A mailer that keeps messages in memory, for tests. */
export function createMemoryMailer(): Mailer & { messages: MailMessage[] } {
  const messages: MailMessage[] = [];
  return { messages, send: async (m) => void messages.push(m) };
}
