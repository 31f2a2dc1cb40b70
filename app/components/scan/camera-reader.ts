/**
 * Reading a label's barcode from the camera's picture. Only camera-scan.tsx
 * loads this, by `import()` when a person asks for the camera, so the reader
 * and its WebAssembly (about 1 MB) are no part of any page's first load.
 */
import { BarcodeDetector, prepareZXingModule } from "barcode-detector/ponyfill";
// Served by our own build: the library would fetch it from a CDN, which the
// site's Content-Security-Policy refuses and a practice's network may block.
import wasmUrl from "zxing-wasm/reader/zxing_reader.wasm?url";
import { CAMERA_FORMATS, CameraError, cameraProblemOf, SLOW_AFTER_MS, textForField } from "./camera-barcodes";

prepareZXingModule({
  overrides: { locateFile: (path: string, prefix: string) => (path.endsWith(".wasm") ? wasmUrl : prefix + path) },
  // Fetched with the first frame, not while the camera is still asking for permission.
  fireImmediately: false,
});

/** A frame every 150 ms: quick enough to feel instant, and leaves a phone's processor to the video. */
const FRAME_INTERVAL_MS = 150;

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
  });
}

/**
 * Shows the rear camera (the front one on a device without) in `video` and
 * reads its frames until a barcode is found: its text, as a handheld scanner
 * would type it. Null when `signal` aborts first (the dialog was closed).
 * Every camera track is stopped before this returns or throws, so the
 * camera's light goes off. `onSlow` is called once if nothing is read for
 * SLOW_AFTER_MS; reading goes on. Throws a CameraError.
 */
export async function readBarcodeFromCamera(
  video: HTMLVideoElement,
  { signal, onSlow }: { signal: AbortSignal; onSlow: () => void },
): Promise<string | null> {
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: "environment" } }, audio: false });
  } catch (error) {
    if (signal.aborted) return null;
    throw new CameraError(cameraProblemOf(error));
  }
  const stop = () => {
    for (const track of stream.getTracks()) track.stop();
    video.srcObject = null;
  };
  if (signal.aborted) {
    stop();
    return null;
  }
  signal.addEventListener("abort", stop, { once: true });
  const slow = setTimeout(onSlow, SLOW_AFTER_MS);
  try {
    video.srcObject = stream;
    await video.play();
    const detector = new BarcodeDetector({ formats: CAMERA_FORMATS });
    while (!signal.aborted) {
      if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
        const found = (await detector.detect(video)).find((barcode) => barcode.rawValue !== "");
        if (found && !signal.aborted) return textForField(found.rawValue);
      }
      await pause(FRAME_INTERVAL_MS, signal);
    }
    return null;
  } catch (error) {
    if (signal.aborted) return null;
    // play() failing is the camera's (busy); the reader failing (its WebAssembly not loaded) is "failed".
    throw new CameraError(cameraProblemOf(error));
  } finally {
    clearTimeout(slow);
    signal.removeEventListener("abort", stop);
    stop();
  }
}
