"use client";

import { useEffect, useRef, useState } from "react";

type Controls = { stop: () => void };

/**
 * The phone's back camera reading QR codes. The reader (@zxing/browser) is imported when the
 * camera starts, so it weighs on /scan only and only once the camera is used. It reports the first
 * code it reads and stops; the screen starts it again for the next label.
 */
export function QrCamera({ onRead, onError }: { onRead: (text: string) => void; onError: (message: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [ready, setReady] = useState(false);
  const handlers = useRef({ onRead, onError });
  useEffect(() => {
    handlers.current = { onRead, onError };
  });

  useEffect(() => {
    let controls: Controls | null = null;
    let stopped = false;
    void (async () => {
      try {
        const { BrowserQRCodeReader } = await import("@zxing/browser");
        if (stopped || !video.current) return;
        const reader = new BrowserQRCodeReader(undefined, { delayBetweenScanAttempts: 150 });
        controls = await reader.decodeFromConstraints({ video: { facingMode: "environment" }, audio: false }, video.current, (result, _error, ctl) => {
          if (!result || stopped) return;
          stopped = true;
          ctl.stop();
          handlers.current.onRead(result.getText());
        });
        if (stopped) controls.stop();
        else setReady(true);
      } catch (error) {
        if (stopped) return;
        const name = error instanceof Error ? error.name : "";
        handlers.current.onError(
          name === "NotAllowedError"
            ? "The camera is blocked for this site. Allow it in the browser's settings, or type the case number below."
            : "The camera could not start on this device. Type the case number or tag serial below.",
        );
      }
    })();
    return () => {
      stopped = true;
      controls?.stop();
    };
  }, []);

  return (
    <div className="relative overflow-hidden rounded-2xl bg-slate-900">
      {/* The preview only shows what the camera sees; the result is announced by the screen. */}
      <video ref={video} muted playsInline aria-label="Camera preview" className="aspect-square w-full object-cover" />
      <div aria-hidden="true" className="pointer-events-none absolute inset-[18%] rounded-xl border-4 border-white/80" />
      {!ready ? <p className="absolute inset-x-0 bottom-3 text-center text-base font-medium text-white">Starting the camera…</p> : null}
    </div>
  );
}
