import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { prepareZXingModule, readBarcodes, type ReadResult } from "zxing-wasm/reader";

/**
 * Code 128 barcodes read from an image, for tests, by the reader the browser
 * scanning uses (zxing-cpp as WebAssembly). The WebAssembly comes from the
 * installed package: the library's default is to fetch it from a CDN, and
 * tests run without the network.
 */

let prepared: Promise<unknown> | undefined;

function prepare(): Promise<unknown> {
  prepared ??= (async () => {
    const file = readFileSync(createRequire(import.meta.url).resolve("zxing-wasm/reader/zxing_reader.wasm"));
    const wasmBinary = file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength) as ArrayBuffer;
    return prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true });
  })();
  return prepared;
}

/** Pixels as ImageData has them (RGBA, row by row), without needing a browser's ImageData. */
export type Pixels = { data: Uint8ClampedArray; width: number; height: number };

/** Every Code 128 barcode in `image` (an image file's bytes, or pixels). */
export async function readCode128(image: Uint8Array | Pixels): Promise<ReadResult[]> {
  await prepare();
  // The reader takes any object shaped like ImageData.
  const input = image instanceof Uint8Array ? image : (image as ImageData);
  return readBarcodes(input, { formats: ["Code128"], maxNumberOfSymbols: 16 });
}
