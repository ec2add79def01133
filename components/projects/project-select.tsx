"use client";

import type { ComponentProps } from "react";
import { Select } from "@/components/ui/select";
import { useProjectOptions } from "@/lib/queries/projects";

/** A native select of the projects the user can see, after a first blank option in the caller's words ("No project", "All projects"). */
export function ProjectSelect({ blank, ...props }: Omit<ComponentProps<typeof Select>, "options" | "children"> & { blank: string }) {
  const projects = useProjectOptions();
  return (
    <Select {...props}>
      <option value="">{blank}</option>
      {projects.data?.map((p) => <option key={p.id} value={p.id}>{p.name}</option>)}
    </Select>
  );
}
