/**
 * What the camera reader looks for and how it reports, kept apart from the
 * reader itself (camera-reader.ts), which is loaded only when a person asks for
 * the camera: the scan field needs these words at once, and the tests need the
 * formats and the text handling without a browser.
 */
import type { BarcodeFormat } from "barcode-detector/ponyfill";

/**
 * The symbologies of graft labels: Code 128 (ISBT 128 and GS1-128), GS1
 * DataMatrix and QR codes, and GS1 DataBar (a GTIN alone, or with lot and
 * expiry in DataBar Expanded). Fewer formats make each frame quicker to read.
 */
export const CAMERA_FORMATS: BarcodeFormat[] = ["code_128", "data_matrix", "qr_code", "databar", "databar_expanded", "databar_limited"];

/** ISO/IEC 15434 "format 05" envelope: GS1 data wrapped as `[)>RS05GS … RS EOT` (a DataMatrix "macro 05"). */
const FORMAT_05 = /^\[\)>\u001e05\u001d([\s\S]*?)\u001e?\u0004?$/;

/**
 * The text a barcode read by the camera puts into the scan field, as a
 * handheld scanner would type it. The reader gives a GS1 symbol's data with
 * ASCII 29 between variable-length fields and no symbology identifier, which
 * readScan reads as GS1 (by the separator, or by a GTIN with a good check digit
 * first). A DataMatrix in "macro 05" form comes back wrapped in its envelope,
 * which is taken off.
 */
export function textForField(rawValue: string): string {
  const wrapped = FORMAT_05.exec(rawValue);
  return wrapped ? wrapped[1]! : rawValue;
}

export type CameraProblem = "refused" | "no-camera" | "busy" | "failed";

export const CAMERA_PROBLEMS: Record<CameraProblem, string> = {
  refused: "Camera access was refused: allow it in the browser's settings, or type the identifier.",
  "no-camera": "No camera was found on this device: type the identifier, or use a barcode scanner.",
  busy: "The camera could not be started, perhaps because another app is using it: close that app and try again, or type the identifier.",
  failed: "The camera reader could not start on this page: type the identifier, or use a barcode scanner.",
};

/** Shown after this long without a barcode; the reader keeps looking. */
export const SLOW_AFTER_MS = 30_000;

export const SLOW_HINT =
  "No barcode read yet. Hold the label flat and still, its barcode filling most of the frame, in good light. Or close this and type the identifier.";

/** A reason the camera cannot read, in words for the person scanning. */
export class CameraError extends Error {
  constructor(readonly problem: CameraProblem) {
    super(CAMERA_PROBLEMS[problem]);
    this.name = "CameraError";
  }
}

/** What went wrong, from getUserMedia's error names (and anything else: "failed"). */
export function cameraProblemOf(error: unknown): CameraProblem {
  if (error instanceof CameraError) return error.problem;
  const name = error instanceof Error || error instanceof DOMException ? error.name : "";
  if (name === "NotAllowedError" || name === "SecurityError" || name === "PermissionDeniedError") return "refused";
  if (name === "NotFoundError" || name === "OverconstrainedError" || name === "DevicesNotFoundError") return "no-camera";
  if (name === "NotReadableError" || name === "TrackStartError" || name === "AbortError") return "busy";
  return "failed";
}
