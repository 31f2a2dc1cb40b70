/**
 * The camera's path from a barcode's picture to the scan field, without the
 * camera: bwip-js draws real labels' barcodes, the reader the camera uses
 * (barcode-detector's ponyfill over zxing-wasm) reads them with the
 * WebAssembly from node_modules, as our build serves it, and readScan reads
 * the text handed to the field. The network is cut for the whole file: the
 * reader's default is to fetch its WebAssembly from a CDN.
 */
import { createHash } from "node:crypto";
import { readFileSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { BarcodeDetector, prepareZXingModule, ZXING_WASM_SHA256 } from "barcode-detector/ponyfill";
import bwipjs from "bwip-js/node";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { prepareZXingModule as prepareZXingReader, readBarcodes } from "zxing-wasm/reader";
import { readScan } from "~/lib/identifiers";
import { CAMERA_FORMATS, textForField } from "./camera-barcodes";

const GS = "\u001d";
const LABEL = "(01)09501101020917(17)260630(10)ABC123(21)10";
const LABEL_READING = { kind: "gs1", tissueId: "10", gtin: "09501101020917", lot: "ABC123", expiry: "2026-06-30", serial: "10" };

/** A PNG as a label printer would print it: black on white, with its quiet zone. */
async function barcodePng(bcid: string, text: string): Promise<Blob> {
  const png = await bwipjs.toBuffer({ bcid, text, scale: 3, paddingwidth: 10, paddingheight: 10, backgroundcolor: "FFFFFF" });
  return new Blob([new Uint8Array(png)], { type: "image/png" });
}

/** What the camera hands to the scan field for this picture. */
async function cameraText(picture: Blob): Promise<string> {
  const found = await new BarcodeDetector({ formats: CAMERA_FORMATS }).detect(picture);
  expect(found).toHaveLength(1);
  return textForField(found[0]!.rawValue);
}

/** The reader's WebAssembly as our build serves it: the file in node_modules. */
const wasm = readFileSync(createRequire(import.meta.url).resolve("zxing-wasm/reader/zxing_reader.wasm"));

beforeAll(async () => {
  vi.stubGlobal("fetch", () => Promise.reject(new Error("no network in this test")));
  // The detector reports where it found a barcode as a DOMRectReadOnly, which Node lacks.
  if (!("DOMRectReadOnly" in globalThis))
    vi.stubGlobal(
      "DOMRectReadOnly",
      class {
        constructor(
          readonly x: number,
          readonly y: number,
          readonly width: number,
          readonly height: number,
        ) {}
      },
    );
  const wasmBinary = wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer;
  // barcode-detector carries its own copy of zxing-wasm's loader: each is given the file.
  await prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true });
  await prepareZXingReader({ overrides: { wasmBinary }, fireImmediately: true });
});

afterAll(() => {
  vi.unstubAllGlobals();
});

describe("reading a label's barcode from a picture", () => {
  it("has the WebAssembly file that barcode-detector's loader was built for", () => {
    // The build serves node_modules' file to barcode-detector's own copy of the loader: they must match.
    expect(createHash("sha256").update(wasm).digest("hex")).toBe(ZXING_WASM_SHA256);
  });

  it("reads a Code 128 with zxing-wasm's readBarcodes and the local WebAssembly", async () => {
    const [result, ...others] = await readBarcodes(await barcodePng("code128", "=G12341765432170"), { formats: ["Code128"] });
    expect(others).toEqual([]);
    expect(result).toMatchObject({ isValid: true, format: "Code128", text: "=G12341765432170" });
  });

  it("hands an ISBT 128 DIN in Code 128 to the field as readScan reads it", async () => {
    const text = await cameraText(await barcodePng("code128", "=G12341765432170"));
    expect(readScan(text)).toEqual({ kind: "isbt128-din", tissueId: "G123417654321", din: "G123417654321" });
  });

  it("hands a GS1 DataMatrix to the field with its group separator, read as GTIN, lot, expiry and serial", async () => {
    const text = await cameraText(await barcodePng("gs1datamatrix", LABEL));
    expect(text).toBe(`01095011010209171726063010ABC123${GS}2110`);
    expect(readScan(text)).toMatchObject(LABEL_READING);
  });

  it("reads the same label from its symbology identifier, for a reader that gives one", async () => {
    const [result] = await readBarcodes(await barcodePng("gs1datamatrix", LABEL), { formats: ["DataMatrix"], textMode: "Plain" });
    expect(result?.symbologyIdentifier).toBe("]d2");
    expect(readScan(`${result!.symbologyIdentifier}${result!.text}`)).toMatchObject(LABEL_READING);
  });

  it("reads the label's data from GS1-128, GS1 QR Code and DataBar Expanded too", async () => {
    for (const bcid of ["gs1-128", "gs1qrcode", "databarexpanded"])
      expect(readScan(await cameraText(await barcodePng(bcid, LABEL))), bcid).toMatchObject(LABEL_READING);
  });

  it("reads a DataBar's GTIN and asks for the barcode with the serial or lot", async () => {
    const reading = readScan(await cameraText(await barcodePng("databaromni", "(01)09501101020917")));
    expect(reading).toMatchObject({ kind: "gs1", tissueId: null, gtin: "09501101020917", next: expect.any(String) });
  });
});

describe("the text handed to the field", () => {
  it("is the barcode's text, less a DataMatrix's macro 05 envelope", () => {
    expect(textForField("=G12341765432170")).toBe("=G12341765432170");
    expect(textForField(`[)>\u001e05${GS}01095011010209171726063010ABC123${GS}2110\u001e\u0004`)).toBe(`01095011010209171726063010ABC123${GS}2110`);
  });
});

describe("the camera reader's loading", () => {
  const here = path.dirname(new URL(import.meta.url).pathname);
  const appDir = path.resolve(here, "../..");
  const sources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) return sources(file);
      return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
    });

  it("is reached only through import(), so no page loads the reader before a person asks for the camera", () => {
    for (const file of sources(appDir)) {
      const code = readFileSync(file, "utf8");
      expect(code, file).not.toMatch(/(from\s*|import\s*)["'][^"']*camera-reader["']/);
      if (!file.endsWith("camera-reader.ts"))
        // Type-only imports of the library are erased from the build.
        expect(code.replace(/import type [^;]+;/g, ""), file).not.toMatch(/["'](barcode-detector|zxing-wasm)[/"']/);
    }
    expect(readFileSync(path.join(here, "camera-scan.tsx"), "utf8")).toContain('import("./camera-reader")');
  });

  it("gives the reader our build's own WebAssembly, not the library's CDN", () => {
    const code = readFileSync(path.join(here, "camera-reader.ts"), "utf8");
    expect(code).toContain('from "zxing-wasm/reader/zxing_reader.wasm?url"');
    expect(code).toMatch(/locateFile: \(path: string, prefix: string\) => \(path\.endsWith\("\.wasm"\) \? wasmUrl : prefix \+ path\)/);
  });
});
