"use client";

import { useId, useRef, useState, type ClipboardEvent, type DragEvent } from "react";
import { useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Form, firstError, useZodForm } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { toast, toastError } from "@/components/ui/use-toast";
import { isApiError } from "@/lib/api-client";
import {
  BETA_ACCEPT_ATTRIBUTE,
  BETA_ISSUE_SEVERITIES,
  BETA_ISSUE_TYPE_LABELS,
  BETA_ISSUE_TYPES,
  BETA_MAX_FILE_BYTES,
  BETA_MAX_FILES,
  BETA_SEVERITY_LABELS,
  BETA_TOASTS,
  formatFileSize,
  looksAcceptedByBrowser,
} from "@/lib/beta-issues/options";
import { betaReportFormSchema, emptyBetaReport, type BetaReportFields, type BetaReportFormState } from "@/lib/beta-issues/report-form";
import { useReportBetaIssue } from "@/lib/queries/beta-issues";
import { captureEnvironment, describeEnvironment, type CapturedEnvironment } from "./environment";
import { FileKindIcon } from "./file-kind-icon";

interface Attachment {
  id: number;
  file: File;
  /** An object URL for image previews (revoked on removal). */
  previewUrl: string | null;
}

let nextAttachmentId = 1;

/**
 * The feedback dialog of the floating button's "Report Beta Issue" (spec §2, §5, §8): category,
 * severity (Low by default), title, description and attachments (dropped, picked or pasted; a
 * pasted screenshot becomes a PNG). The page, browser and screen size are captured and shown.
 * Wrong files are refused before any upload; large uploads show progress; a failure keeps
 * everything typed, and so does closing the dialog (the draft goes once it is submitted).
 */
export function ReportBetaIssueDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  // The dialog stays mounted while closed, so what was typed survives an accidental close.
  const form = useZodForm(betaReportFormSchema, { defaultValues: emptyBetaReport() });
  const { errors } = form.formState;
  const severity = useWatch({ control: form.control, name: "severity" });
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [dragging, setDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const report = useReportBetaIssue();
  const ids = useId();

  // The page, browser and screen as they are now. The dialog is only ever mounted in the
  // browser (after the first click), so window is there.
  const environment: CapturedEnvironment | null = open ? captureEnvironment() : null;

  function addFiles(files: File[]) {
    const accepted: Attachment[] = [];
    for (const file of files) {
      if (file.size > BETA_MAX_FILE_BYTES) {
        toast({ title: BETA_TOASTS.tooLargeTitle, description: BETA_TOASTS.tooLarge(file.name), variant: "destructive" });
        continue;
      }
      if (!looksAcceptedByBrowser(file)) {
        toast({ title: BETA_TOASTS.invalidTypeTitle, description: BETA_TOASTS.invalidType(file.name), variant: "destructive" });
        continue;
      }
      if (attachments.length + accepted.length >= BETA_MAX_FILES) {
        toast({ title: "Too many files", description: `At most ${BETA_MAX_FILES} files can be attached.`, variant: "destructive" });
        break;
      }
      accepted.push({ id: nextAttachmentId++, file, previewUrl: file.type.startsWith("image/") ? URL.createObjectURL(file) : null });
    }
    if (accepted.length) setAttachments((current) => [...current, ...accepted]);
  }

  function remove(id: number) {
    setAttachments((current) => {
      const gone = current.find((a) => a.id === id);
      if (gone?.previewUrl) URL.revokeObjectURL(gone.previewUrl);
      return current.filter((a) => a.id !== id);
    });
  }

  function onPaste(event: ClipboardEvent) {
    const files = Array.from(event.clipboardData.files);
    if (files.length === 0) return; // ordinary text pastes into the fields as usual
    event.preventDefault();
    addFiles(files.map(namePastedFile));
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    addFiles(Array.from(event.dataTransfer.files));
  }

  function reset() {
    attachments.forEach((a) => a.previewUrl && URL.revokeObjectURL(a.previewUrl));
    form.reset(emptyBetaReport());
    setAttachments([]);
  }

  async function submit(fields: BetaReportFields) {
    const env = captureEnvironment();
    let body: FormData | Record<string, unknown>;
    if (attachments.length > 0) {
      const data = new FormData();
      for (const [name, value] of Object.entries(fields)) data.append(name, value);
      data.append("environment", JSON.stringify(env));
      for (const a of attachments) data.append("attachments", a.file, a.file.name);
      body = data;
    } else {
      body = { ...fields, environment: env };
    }
    const large = attachments.reduce((sum, a) => sum + a.file.size, 0) > 256 * 1024;
    setProgress(large ? 0 : null);
    try {
      const issue = await report.mutateAsync({ body, onProgress: large ? setProgress : undefined });
      reset();
      onClose();
      toast({ title: BETA_TOASTS.submitted, description: "Thank you! We'll look into it.", link: { label: "View issue", href: `/beta-issues/${issue.id}` } });
    } catch (error) {
      showSubmitError(error);
    } finally {
      setProgress(null);
    }
  }

  const busy = report.isPending;
  const errorId = `${ids}-error`;
  // Spec §5: one message for the three required fields; each missing one is marked invalid.
  const invalidProps = (field: keyof BetaReportFormState) => (errors[field] ? { "aria-invalid": true as const, "aria-describedby": errorId } : {});
  return (
    <Dialog
      open={open}
      onClose={busy ? () => {} : onClose}
      title="Report Beta Issue"
      description="Tell us what went wrong or what could be better."
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={`${ids}-form`} isLoading={busy}>
            Submit Feedback
          </Button>
        </>
      }
    >
      <Form form={form} onSubmit={submit} id={`${ids}-form`} className="space-y-4" onPaste={onPaste}>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <Label htmlFor={`${ids}-type`} required>
              Category
            </Label>
            <Select id={`${ids}-type`} {...form.register("issueType")} {...invalidProps("issueType")} className="mt-1">
              <option value="">Choose a category</option>
              {BETA_ISSUE_TYPES.map((type) => (
                <option key={type} value={type}>
                  {BETA_ISSUE_TYPE_LABELS[type]}
                </option>
              ))}
            </Select>
          </div>
          <fieldset>
            <legend className="block text-sm font-medium text-slate-700">Severity</legend>
            <div className="mt-1 grid grid-cols-3 overflow-hidden rounded-lg border border-slate-300">
              {BETA_ISSUE_SEVERITIES.map((value) => (
                <label
                  key={value}
                  className="flex h-10 cursor-pointer items-center justify-center border-l border-slate-300 text-sm font-medium text-slate-700 first:border-l-0 has-checked:bg-indigo-600 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:-outline-offset-2 has-focus-visible:outline-indigo-600"
                >
                  <input type="radio" name={`${ids}-severity`} value={value} checked={severity === value} onChange={() => form.setValue("severity", value)} className="sr-only" />
                  {BETA_SEVERITY_LABELS[value]}
                </label>
              ))}
            </div>
          </fieldset>
        </div>

        <div>
          <Label htmlFor={`${ids}-title`} required>
            Title
          </Label>
          <Input id={`${ids}-title`} maxLength={200} placeholder="A short summary" {...form.register("title")} {...invalidProps("title")} className="mt-1" />
        </div>

        <div>
          <Label htmlFor={`${ids}-description`} required>
            Description
          </Label>
          <Textarea
            id={`${ids}-description`}
            rows={5}
            maxLength={20_000}
            placeholder="What happened, what you expected, and the steps to get there"
            {...form.register("description")}
            {...invalidProps("description")}
            className="mt-1"
          />
        </div>

        <div>
          <span className="block text-sm font-medium text-slate-700" id={`${ids}-files-label`}>
            Attachments
          </span>
          <div
            role="group"
            aria-labelledby={`${ids}-files-label`}
            onDragOver={(e) => {
              e.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            className={`mt-1 flex flex-col items-center gap-2 rounded-lg border-2 border-dashed px-4 py-4 text-center text-sm ${dragging ? "border-indigo-500 bg-indigo-50" : "border-slate-300"}`}
          >
            <p className="text-slate-600">Drop files here, paste a screenshot, or</p>
            <Button variant="secondary" size="sm" onClick={() => fileInput.current?.click()}>
              Choose files
            </Button>
            <p className="text-xs text-slate-500">
              Images, videos, PDFs or text; up to {BETA_MAX_FILES} files, 10MB each.
            </p>
            <input
              ref={fileInput}
              type="file"
              multiple
              accept={BETA_ACCEPT_ATTRIBUTE}
              className="sr-only"
              tabIndex={-1}
              aria-label="Choose files to attach"
              onChange={(e) => {
                addFiles(Array.from(e.target.files ?? []));
                e.target.value = "";
              }}
            />
          </div>
          {attachments.length > 0 && (
            <ul className="mt-2 space-y-2" aria-label="Attached files">
              {attachments.map((a) => (
                <li key={a.id} className="flex items-center gap-3 rounded-lg border border-slate-200 p-2">
                  {a.previewUrl ? (
                    // eslint-disable-next-line @next/next/no-img-element -- a local object URL, not an optimizable asset
                    <img src={a.previewUrl} alt={`Preview of ${a.file.name}`} className="size-12 shrink-0 rounded object-cover ring-1 ring-slate-200" />
                  ) : (
                    <span className="flex size-12 shrink-0 items-center justify-center rounded bg-slate-100 text-slate-500">
                      <FileKindIcon contentType={a.file.type} className="size-6" />
                    </span>
                  )}
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium text-slate-900">{a.file.name}</p>
                    <p className="text-xs text-slate-500">{formatFileSize(a.file.size)}</p>
                  </div>
                  <Button variant="ghost" size="sm" aria-label={`Remove ${a.file.name}`} onClick={() => remove(a.id)} disabled={busy}>
                    Remove
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>

        <p className="rounded-lg bg-slate-50 px-3 py-2 text-xs text-slate-600" data-testid="beta-environment-note">
          To help us reproduce it, this page&apos;s address, your browser and your screen size are attached automatically
          {environment ? `: ${describeEnvironment(environment)}` : ""}.
        </p>

        {progress !== null && (
          <div>
            <div className="flex justify-between text-xs text-slate-600">
              <span>Uploading attachments…</span>
              <span>{Math.round(progress * 100)}%</span>
            </div>
            <div role="progressbar" aria-label="Upload progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(progress * 100)} className="mt-1 h-2 overflow-hidden rounded-full bg-slate-200">
              <div className="h-full bg-indigo-600 transition-[width]" style={{ width: `${Math.round(progress * 100)}%` }} />
            </div>
          </div>
        )}

        {firstError(errors) && (
          <p id={errorId} role="alert" className="text-sm text-red-600">
            {firstError(errors)}
          </p>
        )}
      </Form>
    </Dialog>
  );
}

/** Pasted screenshots arrive as "image.png": give them a name that says what and when. */
function namePastedFile(file: File): File {
  if (!file.type.startsWith("image/") || (file.name && file.name !== "image.png")) return file;
  const stamp = new Date().toISOString().slice(0, 19).replace(/[T:]/g, "-");
  return new File([file], `screenshot-${stamp}.png`, { type: file.type || "image/png", lastModified: Date.now() });
}

/** The server's refusals of a file name it (spec §8 toasts); anything else keeps the form as it is. */
function showSubmitError(error: unknown) {
  if (isApiError(error) && typeof error.fileName === "string") {
    if (error.status === 413) return toastError(error, { title: BETA_TOASTS.tooLargeTitle, fallback: BETA_TOASTS.tooLarge(error.fileName) });
    if (error.status === 415) return toastError(error, { title: BETA_TOASTS.invalidTypeTitle, fallback: BETA_TOASTS.invalidType(error.fileName) });
  }
  toastError(error, { title: BETA_TOASTS.failed });
}
