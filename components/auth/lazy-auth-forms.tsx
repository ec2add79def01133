"use client";

import dynamic from "next/dynamic";

/**
 * The sign-in and registration forms, as separate chunks. `/` is both the login page and the
 * signed-in dashboard: imported directly, these forms (and zod with their schemas, about 30 KB
 * gzipped) would be in every signed-in first load. next/dynamic only splits from a client
 * module, hence this file (and ./lazy-forced-password-change.tsx for the shell's, so signed-in
 * pages carry no loader of these). They still render on the server; the chunk is fetched only
 * where one is shown.
 */
export const LoginForm = dynamic(() => import("./login-form").then((m) => m.LoginForm));
export const RegisterForm = dynamic(() => import("./register-form").then((m) => m.RegisterForm));
