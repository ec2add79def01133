"use client";

import { useEffect, useRef, useState } from "react";

/**
 * A signature drawn with a finger or a mouse on a canvas, handed out as a PNG data URL (null when
 * empty or cleared). Pointer events cover touch, pen and mouse; `touch-action: none` keeps the
 * page from scrolling under the finger.
 */
export function SignaturePad({ onChange, labelId, initial = null }: { onChange: (png: string | null) => void; labelId: string; initial?: string | null }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const [empty, setEmpty] = useState(initial === null);

  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    // Draw at the device's pixel density so the stroke stays sharp on a phone.
    const ratio = window.devicePixelRatio || 1;
    el.width = el.clientWidth * ratio;
    el.height = el.clientHeight * ratio;
    const ctx = el.getContext("2d");
    if (!ctx) return;
    ctx.scale(ratio, ratio);
    ctx.lineWidth = 2.5;
    ctx.lineCap = "round";
    ctx.lineJoin = "round";
    ctx.strokeStyle = "#0f172a";
    // A signature drawn before (the form came back for the tag only) is drawn again, as it was.
    if (initial) {
      const image = new Image();
      image.onload = () => ctx.drawImage(image, 0, 0, el.clientWidth, el.clientHeight);
      image.src = initial;
    }
    // Only the first value counts: later strokes are the pad's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const point = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };

  const start = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const ctx = canvas.current?.getContext("2d");
    if (!ctx) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drawing.current = true;
    const { x, y } = point(event);
    ctx.beginPath();
    ctx.moveTo(x, y);
    ctx.lineTo(x + 0.1, y + 0.1);
    ctx.stroke();
  };

  const move = (event: React.PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    const ctx = canvas.current?.getContext("2d");
    if (!ctx) return;
    const { x, y } = point(event);
    ctx.lineTo(x, y);
    ctx.stroke();
  };

  const end = () => {
    if (!drawing.current) return;
    drawing.current = false;
    setEmpty(false);
    onChange(canvas.current?.toDataURL("image/png") ?? null);
  };

  const clear = () => {
    const el = canvas.current;
    el?.getContext("2d")?.clearRect(0, 0, el.width, el.height);
    setEmpty(true);
    onChange(null);
  };

  return (
    <div>
      <canvas
        ref={canvas}
        role="img"
        aria-labelledby={labelId}
        data-testid="signature-pad"
        className="h-40 w-full touch-none rounded-xl border-2 border-dashed border-slate-300 bg-white"
        onPointerDown={start}
        onPointerMove={move}
        onPointerUp={end}
        onPointerCancel={end}
      />
      <div className="mt-1 flex items-center justify-between text-sm text-slate-600">
        <span>{empty ? "Sign with a finger in the box." : "Signed."}</span>
        <button type="button" onClick={clear} className="rounded-md px-2 py-1 font-medium text-indigo-700 underline-offset-2 hover:underline">
          Clear signature
        </button>
      </div>
    </div>
  );
}
