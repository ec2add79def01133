"use client";

import { useEffect, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

/**
 * The time card's "Find a member": filters as one types (300 ms after the last key), keeping the
 * period; the form still submits without JavaScript.
 */
export function CardSearch({ period, q }: { period: string; q?: string }) {
  const router = useRouter();
  const [value, setValue] = useState(q ?? "");
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const timer = setTimeout(() => {
      const params = new URLSearchParams({ period });
      if (value.trim()) params.set("q", value.trim());
      router.replace(`/admin/time-card?${params.toString()}`, { scroll: false });
    }, 300);
    return () => clearTimeout(timer);
  }, [value, period, router]);
  return (
    <div>
      <Label htmlFor="time-card-q">Find a member</Label>
      <Input id="time-card-q" name="q" type="search" value={value} onChange={(e) => setValue(e.target.value)} placeholder="Name or e-mail" maxLength={100} className="w-64 max-w-full" />
    </div>
  );
}
