"use client";

import Link from "next/link";
import { useId, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/use-toast";
import { apiRequest, serverMessageOf } from "@/lib/api-client";
import { AUTH_PATHS, CURRENT_USER_KEY, useCurrentUser, useLogout, type CurrentUser, type LoginResponse } from "@/lib/queries/auth";
import { acceptLoginResponse, displayName } from "@/lib/queries/sign-in";
import { PUNCH_PATHS, PUNCH_STATUS_KEY, usePunchStatus, type PunchStatus } from "@/lib/queries/punch";
import { BigPunchPanel } from "./big-punch-panel";
import { YourShiftToday } from "@/components/schedule/my-shifts";

const MOBILE_LOCATION = "mobile";
/** The link from /mobile-punch into the app: `/`, which opens on My day or the Task List. */
export const MOBILE_PUNCH_HOME_LINK = "My day & Task List";

/**
 * /mobile-punch (public, phone first). Signed out: a compact sign-in that asks for tokens
 * (client: "mobile"), stored with the api-client storage helpers so every later call carries
 * the bearer token. Signed in (token or cookie): one big Punch In / Punch Out button.
 */
export function MobilePunch({ initial }: { initial?: { status: { data: PunchStatus; readAt: number }; user: CurrentUser } }) {
  // Signed in by cookie: the server read the status, so the first paint shows the button.
  const status = usePunchStatus({ on401: "returnNull", initialData: initial?.status.data, initialDataUpdatedAt: initial?.status.readAt });
  const user = useCurrentUser(initial ? { initialUser: initial.user } : {});
  const logout = useLogout();

  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col px-4 py-6">
      <header className="text-center">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">BFS Tasks</p>
        <h1 className="mt-1 text-2xl font-bold text-slate-900">Mobile Punch</h1>
        {user.data ? <p className="mt-1 text-base text-slate-600">Signed in as {displayName(user.data)}</p> : null}
        {status.data ? <YourShiftToday /> : null}
        {status.data ? (
          // The way into the rest of the app: `/` opens My day or the Task List, as the person chose.
          // Not prefetched: the dashboard is a large answer most punches never need.
          <Link
            href="/"
            prefetch={false}
            className="mt-3 inline-flex min-h-11 items-center gap-1.5 rounded-full border border-brand-500 bg-brand-50 px-4 py-2 text-base font-semibold text-brand-700 hover:bg-brand-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
          >
            {MOBILE_PUNCH_HOME_LINK}
            <span aria-hidden="true">→</span>
          </Link>
        ) : null}
      </header>
      <div className="mt-6 flex-1">
        {status.isPending ? (
          <div role="status" className="flex flex-col items-center gap-4 p-10">
            <Spinner size="lg" label="" className="text-brand-600" />
            <p className="text-lg text-slate-700">Loading…</p>
          </div>
        ) : status.data === null ? (
          <MobileSignIn />
        ) : status.data ? (
          <BigPunchPanel status={status.data} location={MOBILE_LOCATION} source="mobile" />
        ) : (
          <div role="alert" className="rounded-2xl border-2 border-red-300 bg-red-50 p-6 text-center">
            <p className="text-lg font-semibold text-red-800">{serverMessageOf(status.error, "We couldn't load your punch status.")}</p>
            <button type="button" onClick={() => void status.refetch()} className="mt-4 rounded-xl bg-red-600 px-6 py-3 text-lg font-semibold text-white">
              Try Again
            </button>
          </div>
        )}
      </div>
      {status.data ? (
        <button
          type="button"
          onClick={() => logout.mutate()}
          disabled={logout.isPending}
          className="mt-8 self-center rounded-md px-4 py-2 text-base font-medium text-slate-600 underline-offset-4 hover:underline"
        >
          Sign out
        </button>
      ) : null}
    </main>
  );
}

function MobileSignIn() {
  const queryClient = useQueryClient();
  const emailId = useId();
  const passwordId = useId();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password) {
      setError("Enter your email and password.");
      return;
    }
    setPending(true);
    setError(null);
    try {
      const response = await apiRequest<LoginResponse>("POST", AUTH_PATHS.login, { email, password, client: "mobile" });
      const user = acceptLoginResponse(response);
      // The state shows at once: read the status now (with the new token) instead of waiting
      // for a poll, and put it into the query the page is watching. Everything cached for the
      // previous visitor goes, except the two queries this page observes (replaced right here).
      const status = await apiRequest<PunchStatus>("GET", PUNCH_PATHS.status);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== PUNCH_STATUS_KEY[0] && query.queryKey[0] !== CURRENT_USER_KEY[0] });
      queryClient.setQueryData(CURRENT_USER_KEY, user);
      queryClient.setQueryData(PUNCH_STATUS_KEY, status);
      toast({ title: "Welcome back!", description: `Logged in as ${displayName(user)}` });
    } catch (caught) {
      const message = serverMessageOf(caught, "Login failed");
      setError(message);
      toast({ title: "Login failed", description: message, variant: "destructive" });
    } finally {
      setPending(false);
    }
  };

  const input = "mt-1 h-12 text-base";
  return (
    <form onSubmit={submit} noValidate className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" aria-label="Sign in to punch">
      <p className="text-base text-slate-700">Sign in to punch in or out.</p>
      <div>
        <Label htmlFor={emailId} className="text-base">
          Email
        </Label>
        <Input id={emailId} type="email" inputMode="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} className={input} />
      </div>
      <div>
        <Label htmlFor={passwordId} className="text-base">
          Password
        </Label>
        <Input
          id={passwordId}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          className={input}
        />
      </div>
      {error ? (
        <p role="alert" className="text-base text-red-700">
          {error}
        </p>
      ) : null}
      <Button type="submit" size="lg" disabled={pending} className="h-14 w-full text-lg font-bold">
        {pending ? "Signing in…" : "Sign in"}
      </Button>
    </form>
  );
}
