"use client";

import { useState } from "react";
import dynamic from "next/dynamic";
import { useRouter } from "next/navigation";
import { CreateTaskDialog } from "@/components/tasks/create-task-dialog";
import { LazyPunchOutFlow } from "@/components/punch/lazy-punch-out-flow";
import { LazyStartProcessDialog } from "@/components/processes/lazy-process-dialogs";
import { lazyDialog } from "@/components/ui/lazy-dialog";
import { offlineSafe } from "@/components/ui/offline-safe";
import { useOpenedOnce } from "@/components/ui/use-opened-once";
import { useReturnFocus } from "@/components/ui/return-focus";
import { PUNCH_LOCATION } from "@/lib/constants";
import type { Role } from "@/lib/auth/permissions";
import type { NavLink } from "../nav-active";
import { useShortcut } from "./registry";

// The ? dialog loads the first time it opens.
const ShortcutsDialog = lazyDialog(() => import("./shortcuts-dialog").then((m) => m.ShortcutsDialog));
// cmdk and the palette's lists load the first time the palette opens (Ctrl-K, `/` on a screen
// without a search box, or the header's button): no screen's first load carries them.
const CommandPalette = dynamic(offlineSafe(() => import("./command-palette").then((m) => m.CommandPalette)), { ssr: false });

/** The page's own search box, if it has one: marked `data-shortcut-search`, or the first search field in <main>. */
function pageSearchBox(): HTMLInputElement | null {
  return document.querySelector<HTMLInputElement>("main [data-shortcut-search], main input[type='search']");
}

/**
 * The general shortcuts of every signed-in screen (loaded after the page by ./shortcut-layer.tsx):
 * binds C, /, G then D/P/T/S, ? and Ctrl-K, and holds what they open: the shortcuts dialog, the command palette, and the dialogs the palette's
 * commands open (a new task, the punch-out reason, starting a process), which stay mounted after
 * the palette closes so their toasts still show.
 */
export function ShortcutsRoot({ role, screens }: { role: Role; screens: NavLink[] }) {
  const router = useRouter();
  const [help, setHelp] = useState(false);
  const [palette, setPalette] = useState(false);
  const [creating, setCreating] = useState(false);
  const [punchingOut, setPunchingOut] = useState(false);
  const [startingProcess, setStartingProcess] = useState<string | null>(null);
  const paletteOpened = useOpenedOnce(palette);
  useReturnFocus(palette);

  useShortcut("palette.open", () => setPalette((open) => !open));
  useShortcut("help.open", () => setHelp(true));
  useShortcut("task.new", () => setCreating(true));
  useShortcut("search.focus", () => {
    const box = pageSearchBox();
    if (!box) return setPalette(true);
    box.focus();
    box.select();
  });
  // The targets come from the header's Dashboards menu (`screens`): one list of screens.
  const go = (navId: string) => () => {
    const link = screens.find((entry) => entry.id === navId);
    if (link) router.push(link.href);
  };
  useShortcut("go.dashboard", go("task-list"));
  useShortcut("go.projects", go("projects"));
  useShortcut("go.time", go("time-logs"));
  useShortcut("go.scoreboard", go("scoreboard"));

  return (
    <>
      <ShortcutsDialog open={help} onClose={() => setHelp(false)} />
      {paletteOpened ? (
        <CommandPalette
          open={palette}
          onClose={() => setPalette(false)}
          role={role}
          commands={{
            createTask: () => setCreating(true),
            punchOut: () => setPunchingOut(true),
            startProcess: (id) => setStartingProcess(id),
            showShortcuts: () => setHelp(true),
          }}
        />
      ) : null}
      <CreateTaskDialog open={creating} onClose={() => setCreating(false)} />
      <LazyPunchOutFlow open={punchingOut} onClose={() => setPunchingOut(false)} location={PUNCH_LOCATION} />
      <LazyStartProcessDialog processId={startingProcess} open={startingProcess !== null} onClose={() => setStartingProcess(null)} />
    </>
  );
}
