"use client";

import { useFormContext } from "react-hook-form";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Field, FieldMessage, Form, applyServerErrors, useZodForm } from "@/components/ui/form";
import { Select } from "@/components/ui/select";
import { toast, toastError } from "@/components/ui/use-toast";
import { useSsoSettings, useUpdateSsoSettings, type SsoSettings } from "@/lib/queries/sso";
import {
  SSO_PRESET_ISSUERS,
  SSO_PRESET_LABELS,
  SSO_PRESET_TITLES,
  SSO_PRESETS,
  updateSsoSettingsSchema,
  type SsoPreset,
  type UpdateSsoSettingsInput,
} from "@/lib/validations/sso";

export interface BreakGlassCandidate {
  id: string;
  name: string;
  email: string;
  /** Their open sessions not made by single sign-on, which requiring it keeps. */
  nonSsoSessions: number;
}

const sessionsPhrase = (count: number) => (count === 1 ? "1 session" : `${count} sessions`);

/** What saving with "Require single sign-on" ticked ends: every open session not made by SSO but the break-glass administrator's. */
function RequirementEffect({ total, admins }: { total: number; admins: BreakGlassCandidate[] }) {
  const form = useFormContext<UpdateSsoSettingsInput>();
  const [requireSso, breakGlassUserId] = form.watch(["requireSso", "breakGlassUserId"]);
  if (!requireSso) return null;
  const kept = admins.find((admin) => admin.id === breakGlassUserId)?.nonSsoSessions ?? 0;
  const ending = Math.max(0, total - kept);
  return (
    <p className="text-sm text-amber-900" role="status" data-testid="sso-sessions-ending">
      {ending === 0
        ? "Saving ends no sessions: every open session was made with single sign-on or is the break-glass administrator's."
        : `Saving ends ${sessionsPhrase(ending)} not made with single sign-on (web and phone), so those people must sign in with the provider again.`}
    </p>
  );
}

/** Where each provider keeps what the form asks for (the README has the whole set-up). */
const WHERE: Record<SsoPreset, { issuer: string; client: string }> = {
  google: {
    issuer: "Always https://accounts.google.com.",
    client: "Google Cloud console → APIs & Services → Credentials → your OAuth client (Web application).",
  },
  microsoft: {
    issuer: "https://login.microsoftonline.com/<Directory (tenant) ID>/v2.0, from the app's Overview in Microsoft Entra admin center.",
    client: "Application (client) ID on the app's Overview; the secret under Certificates & secrets.",
  },
  generic: {
    issuer: "Your provider's issuer: the address before /.well-known/openid-configuration.",
    client: "From your provider's client (application) registration; it must allow the authorization code flow with PKCE.",
  },
};

function PresetChoice() {
  const form = useFormContext<UpdateSsoSettingsInput>();
  const choose = (preset: SsoPreset) => {
    const issuer = form.getValues("issuer");
    // A preset's own address replaces another preset's, never one the admin typed.
    if (!issuer || Object.values(SSO_PRESET_ISSUERS).includes(issuer)) form.setValue("issuer", SSO_PRESET_ISSUERS[preset]);
  };
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-900">Provider</legend>
      <div className="grid gap-2 sm:grid-cols-3">
        {SSO_PRESETS.map((preset) => (
          <label key={preset} className="flex min-h-11 items-center gap-2 rounded-md border border-slate-200 px-3 py-2 text-sm text-slate-800 has-checked:border-brand-500 has-checked:bg-brand-50">
            <input type="radio" value={preset} className="size-4" {...form.register("preset", { onChange: () => choose(preset) })} />
            {SSO_PRESET_TITLES[preset]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function Checkbox({ name, label, hint }: { name: "enabled" | "requireSso"; label: string; hint: string }) {
  const form = useFormContext<UpdateSsoSettingsInput>();
  const error = form.formState.errors[name]?.message;
  return (
    <div>
      <label className="flex items-start gap-2 text-sm text-slate-900">
        <input type="checkbox" className="mt-0.5 size-4 rounded border-slate-300" aria-invalid={error ? true : undefined} {...form.register(name)} />
        <span>
          <span className="font-medium">{label}</span>
          <span className="block text-xs text-slate-600">{hint}</span>
        </span>
      </label>
      <FieldMessage id={`${name}-error`} message={error} />
    </div>
  );
}

function Hints() {
  const form = useFormContext<UpdateSsoSettingsInput>();
  const preset = form.watch("preset") as SsoPreset;
  return (
    <div className="space-y-1 rounded-md bg-slate-50 px-3 py-2 text-xs text-slate-600 ring-1 ring-slate-200">
      <p>
        <span className="font-medium text-slate-800">Issuer URL:</span> {WHERE[preset].issuer}
      </p>
      <p>
        <span className="font-medium text-slate-800">Client ID and secret:</span> {WHERE[preset].client}
      </p>
    </div>
  );
}

/** /admin/sso: the company's OpenID Connect provider, and whether single sign-on is required. */
export function SsoSettingsScreen({ initial, admins }: { initial: SsoSettings; admins: BreakGlassCandidate[] }) {
  const { data: settings } = useSsoSettings(initial);
  const save = useUpdateSsoSettings();
  const form = useZodForm(updateSsoSettingsSchema, {
    defaultValues: {
      preset: settings.preset,
      issuer: settings.configured ? settings.issuer : SSO_PRESET_ISSUERS[settings.preset],
      clientId: settings.clientId,
      clientSecret: "",
      enabled: settings.configured ? settings.enabled : true,
      requireSso: settings.requireSso,
      breakGlassUserId: settings.breakGlassUserId,
    },
  });
  const provider = SSO_PRESET_LABELS[settings.preset];

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-2xl font-semibold text-slate-900">Single sign-on</h1>
          {settings.configured && settings.enabled ? <Badge variant="success">On</Badge> : <Badge variant="neutral">Off</Badge>}
          {settings.requireSso ? <Badge variant="warning">Required</Badge> : null}
        </div>
        <p className="mt-1 text-sm text-slate-600">
          Let members sign in with the company&apos;s Google Workspace, Microsoft Entra ID or another OpenID Connect account. Only verified
          addresses get in; a first sign-in creates an account only with an invitation for that address, or at the company&apos;s allowed
          email domains (as staff).
        </p>
      </div>

      <div className="space-y-1 rounded-md border border-slate-200 bg-white p-4">
        <p className="text-sm font-medium text-slate-900">Redirect URI</p>
        <p className="text-xs text-slate-600">Register this exact address with the provider (scopes: openid, email, profile).</p>
        <code className="block overflow-x-auto rounded bg-slate-100 px-2 py-1.5 text-sm break-all text-slate-900" data-testid="sso-redirect-uri">
          {settings.redirectUri}
        </code>
      </div>

      <Form
        form={form}
        aria-label="Single sign-on settings"
        className="space-y-5 rounded-md border border-slate-200 bg-white p-4"
        onSubmit={(values) =>
          save.mutate(values, {
            onSuccess: (saved) => {
              form.reset({ ...values, clientSecret: "", breakGlassUserId: saved.breakGlassUserId });
              const shown = saved.enabled ? `"Sign in with ${SSO_PRESET_LABELS[saved.preset]}" is on the sign-in page.` : "Single sign-on is off.";
              const ended = saved.endedSessions > 0 ? ` ${sessionsPhrase(saved.endedSessions)} not made with single sign-on ended.` : "";
              toast({ title: "Single sign-on saved", description: shown + ended });
            },
            onError: (e) => applyServerErrors(form, e) || toastError(e, { title: "Could not save single sign-on" }),
          })
        }
      >
        <PresetChoice />
        <Hints />
        <Field name="issuer" label="Issuer URL" required type="url" inputMode="url" autoComplete="off" spellCheck={false} />
        <Field name="clientId" label="Client ID" required autoComplete="off" spellCheck={false} />
        <Field
          name="clientSecret"
          label="Client secret"
          type="password"
          autoComplete="new-password"
          required={!settings.configured}
          hint={settings.clientSecretSet ? `Stored encrypted (begins “${settings.clientSecretHint}…”); never shown again. Leave blank to keep it.` : "Stored encrypted; never shown again."}
        />
        <Checkbox name="enabled" label={`Show “Sign in with ${provider}” on the sign-in page`} hint="Members can still use their passwords unless you require single sign-on below." />
        <div className="space-y-3 rounded-md border border-amber-200 bg-amber-50/50 p-3">
          <Checkbox
            name="requireSso"
            label="Require single sign-on"
            hint="Password sign-in and registration are refused to everyone but the break-glass administrator, and their open sessions not made with single sign-on end. Single sign-on sessions then last 12 hours, so a person disabled at the provider loses access within 12 hours; deactivate a member on Members to end theirs at once."
          />
          <RequirementEffect total={settings.nonSsoSessions} admins={admins} />
          <Field name="breakGlassUserId" label="Break-glass administrator (may still use a password)">
            {(control) => (
              <Select {...control} {...form.register("breakGlassUserId", { setValueAs: (value: string | null) => value || null })}>
                <option value="">None</option>
                {admins.map((admin) => (
                  <option key={admin.id} value={admin.id}>
                    {admin.name} ({admin.email})
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </div>
        <div className="flex justify-end">
          <Button type="submit" isLoading={save.isPending}>
            Save
          </Button>
        </div>
      </Form>
    </div>
  );
}
