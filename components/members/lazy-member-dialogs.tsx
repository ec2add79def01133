"use client";

import { lazyDialog } from "@/components/ui/lazy-dialog";

// The member form loads when a dialog opens, not with the members list or a member's profile.
export const LazyMemberFormDialog = lazyDialog(() => import("./member-dialogs").then((m) => m.MemberFormDialog));
export const LazyMemberActiveDialog = lazyDialog(() => import("./member-dialogs").then((m) => m.MemberActiveDialog));
