"use client";

import dynamic from "next/dynamic";
import { offlineSafe } from "@/components/ui/offline-safe";

// The unit forms (react-hook-form and zod, ≈ 45 KB gzipped) load when a dialog opens, not with
// the organization screen, which mounts a dialog only while it is open.
export const LazyUnitFormDialog = dynamic(offlineSafe(() => import("./unit-dialogs").then((m) => m.UnitFormDialog)), { ssr: false });
export const LazyMoveUnitDialog = dynamic(offlineSafe(() => import("./unit-dialogs").then((m) => m.MoveUnitDialog)), { ssr: false });
export const LazyDeleteUnitDialog = dynamic(offlineSafe(() => import("./unit-dialogs").then((m) => m.DeleteUnitDialog)), { ssr: false });
