"use client";

import dynamic from "next/dynamic";
import { offlineSafe } from "@/components/ui/offline-safe";

// The member form (react-hook-form and zod, ≈ 45 KB gzipped) loads when a dialog opens, not with
// the members list or a member's profile. Both mount a dialog only while it is open.
export const LazyMemberFormDialog = dynamic(offlineSafe(() => import("./member-dialogs").then((m) => m.MemberFormDialog)), { ssr: false });
export const LazyMemberActiveDialog = dynamic(offlineSafe(() => import("./member-dialogs").then((m) => m.MemberActiveDialog)), { ssr: false });
