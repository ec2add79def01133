"use client";

import { useFirstUse } from "@/components/ui/first-use";
import { ComboboxStandIn } from "./combobox-stand-in";

// The picker and its combobox come together: the stand-in below hands over to the picker, whose
// own stand-in hands over to the combobox at once.
const loadPicker = () => Promise.all([import("./department-picker"), import("./grouped-combobox-control")]).then(([picker]) => picker.DepartmentPicker);

/**
 * A list's department filter (the dashboard's): `DepartmentPicker` with `loadOnUse`, whose code
 * (the units query, grouping, the combobox) loads on first use like the combobox itself
 * (components/ui/first-use). Until then an empty stand-in of the same look shows the placeholder.
 */
export function DepartmentFilter({ value, onChange, id, placeholder }: { value: string | null; onChange: (unitId: string | null) => void; id?: string; placeholder: string }) {
  const { real: Picker, handoff, standInProps } = useFirstUse(loadPicker);
  // A chosen department means the picker is here: only it can choose one.
  if (Picker) return <Picker loadOnUse value={value} onChange={onChange} id={id} placeholder={placeholder} handoff={handoff} />;
  return <ComboboxStandIn id={id} placeholder={placeholder} standInProps={standInProps} />;
}
