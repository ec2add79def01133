"use client";

import { useCallback, useEffect, useState } from "react";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { toast, toastError } from "@/components/ui/use-toast";
import { apiRequest } from "@/lib/api-client";
import type { pushPublicKeySchema } from "@/lib/validations/push";

/**
 * My Profile → Notifications: "Turn on push on this device" (docs/notifications.md "Push"). Asks
 * the browser for permission to show notifications, subscribes this device's root service worker
 * (public/sw.js) with the app's public VAPID key, and saves the subscription; "Turn off" removes
 * it here and on the server. Each device is turned on by itself.
 */
type State = "checking" | "unsupported" | "blocked" | "off" | "on";

const supported = () => typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

/** The base64url public key as the bytes pushManager.subscribe wants. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + "=".repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** "Chrome on Android", "Safari on iPhone": enough to tell one's devices apart. */
function deviceLabel(): string {
  const ua = navigator.userAgent;
  const browser = /Edg\//.test(ua) ? "Edge" : /Firefox\//.test(ua) ? "Firefox" : /Chrome\//.test(ua) ? "Chrome" : /Safari\//.test(ua) ? "Safari" : "Browser";
  const system = /iPhone/.test(ua) ? "iPhone" : /iPad/.test(ua) ? "iPad" : /Android/.test(ua) ? "Android" : /Windows/.test(ua) ? "Windows" : /Mac OS X/.test(ua) ? "Mac" : /Linux/.test(ua) ? "Linux" : "this device";
  return `${browser} on ${system}`;
}

async function rootRegistration(): Promise<ServiceWorkerRegistration> {
  const registration = (await navigator.serviceWorker.getRegistration("/")) ?? (await navigator.serviceWorker.register("/sw.js", { scope: "/" }));
  if (registration.active) return registration;
  return navigator.serviceWorker.ready;
}

const appPublicKey = async () => (await apiRequest<z.output<typeof pushPublicKeySchema>>("GET", "/api/push/public-key")).publicKey;

/** Whether the subscription was made for the app's key: after the server's keys were replaced, it reaches nothing. */
function madeFor(subscription: PushSubscription, publicKey: string): boolean {
  const made = subscription.options.applicationServerKey;
  const key = keyBytes(publicKey);
  return made !== null && made.byteLength === key.length && new Uint8Array(made).every((byte, i) => byte === key[i]);
}

/** Whether this device can, may, and does receive push. */
async function deviceState(): Promise<State> {
  if (!supported()) return "unsupported";
  if (Notification.permission === "denied") return "blocked";
  const registration = await navigator.serviceWorker.getRegistration("/");
  const subscription = registration ? await registration.pushManager.getSubscription() : null;
  return subscription && Notification.permission === "granted" && madeFor(subscription, await appPublicKey()) ? "on" : "off";
}

export function PushDeviceControl() {
  const [state, setState] = useState<State>("checking");
  const [busy, setBusy] = useState(false);

  const refresh = useCallback(() => deviceState().then(setState, () => setState("off")), []);

  useEffect(() => {
    let cancelled = false;
    deviceState().then(
      (next) => !cancelled && setState(next),
      () => !cancelled && setState("off"),
    );
    return () => {
      cancelled = true;
    };
  }, []);

  const turnOn = async () => {
    setBusy(true);
    try {
      const permission = await Notification.requestPermission();
      if (permission !== "granted") {
        setState(permission === "denied" ? "blocked" : "off");
        return;
      }
      const publicKey = await appPublicKey();
      const registration = await rootRegistration();
      let subscription = await registration.pushManager.getSubscription();
      // One made for the app's previous key is dropped: the browser subscribes again for this one.
      if (subscription && !madeFor(subscription, publicKey)) {
        await subscription.unsubscribe();
        subscription = null;
      }
      subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
      await apiRequest("POST", "/api/push/subscriptions", { ...subscription.toJSON(), deviceLabel: deviceLabel() });
      setState("on");
      toast({ title: "Push is on for this device" });
    } catch (error) {
      toastError(error);
      await refresh();
    } finally {
      setBusy(false);
    }
  };

  const turnOff = async () => {
    setBusy(true);
    try {
      const registration = await navigator.serviceWorker.getRegistration("/");
      const subscription = registration ? await registration.pushManager.getSubscription() : null;
      if (subscription) {
        await apiRequest("POST", "/api/push/subscriptions/remove", { endpoint: subscription.endpoint });
        await subscription.unsubscribe();
      }
      setState("off");
      toast({ title: "Push is off for this device" });
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mb-3 flex flex-wrap items-center justify-between gap-2 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm" data-testid="push-device">
      <p className="min-w-0 text-slate-700" role="status">
        {state === "checking" && "Checking this device…"}
        {state === "unsupported" && "This browser can't receive push notifications. On an iPhone, add the app to the Home Screen first."}
        {state === "blocked" && "Notifications are blocked for this site in the browser's settings."}
        {state === "off" && "Push is off on this device."}
        {state === "on" && "Push is on for this device."}
      </p>
      {state === "off" && (
        <Button size="sm" onClick={turnOn} isLoading={busy}>
          Turn on push on this device
        </Button>
      )}
      {state === "on" && (
        <Button size="sm" variant="secondary" onClick={turnOff} isLoading={busy}>
          Turn off on this device
        </Button>
      )}
    </div>
  );
}
