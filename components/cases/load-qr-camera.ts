/**
 * The camera and its QR reader, loaded when the camera opens (scan-screen.tsx) and fetched ahead
 * by the scan screen's service worker (components/offline/register-service-worker.tsx) through
 * this one loader: Turbopack gives every import() call its own list of files.
 */
export const loadQrCamera = () => import("./qr-camera");
