"use client";

import { lazyDialog } from "@/components/ui/lazy-dialog";

// The unit forms load when a dialog opens, not with the organization screen.
export const LazyUnitFormDialog = lazyDialog(() => import("./unit-dialogs").then((m) => m.UnitFormDialog));
export const LazyMoveUnitDialog = lazyDialog(() => import("./unit-dialogs").then((m) => m.MoveUnitDialog));
export const LazyDeleteUnitDialog = lazyDialog(() => import("./unit-dialogs").then((m) => m.DeleteUnitDialog));
export const LazyBusinessContactDialog = lazyDialog(() => import("./business-contact-dialog").then((m) => m.BusinessContactDialog));
export const LazyRemainsRangesDialog = lazyDialog(() => import("@/components/cases/remains-ranges-dialog").then((m) => m.RemainsRangesDialog));
