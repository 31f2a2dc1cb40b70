import { toBuffer } from "bwip-js/node";

/**
 * The Code 128 barcode of a tissue identifier, as printed on the packing list
 * so a practice confirms receipt by scanning each unit.
 *
 * The PNG holds the bars only (no text: the document prints the identifier
 * itself, in its own font), each module CODE128_PIXELS_PER_MODULE pixels wide,
 * with the quiet zone Code 128 needs (ten modules of white) on either side, on
 * an opaque white background so the quiet zone prints white on any paper
 * and the image needs no transparency. The bars are vertical, so the image is
 * only a few pixels high: the document stretches it to the printed height
 * without changing anything a scanner reads, and the file stays small.
 *
 * The same text gives the same bytes (nothing dated is written).
 */

/** Image pixels per narrowest bar or space; enough for the bars to stay sharp when the image is scaled to print. */
export const CODE128_PIXELS_PER_MODULE = 3;

/** White on either side of the bars, in modules: the minimum of the Code 128 specification (ISO/IEC 15417). */
export const CODE128_QUIET_ZONE_MODULES = 10;

/** The image's height in pixels. */
const HEIGHT_PIXELS = 24;

/**
 * Whether `text` can be carried by a Code 128 barcode as printed here: printable
 * ASCII only, not starting or ending with a space (which a scan would lose).
 */
export function isCode128Text(text: string): boolean {
  return /^[!-~](?:[ -~]*[!-~])?$/.test(text);
}

/** The barcode of `text` as a PNG; throws when the text cannot be carried (see `isCode128Text`). */
export async function code128Png(text: string): Promise<Uint8Array> {
  if (!isCode128Text(text)) throw new Error("Code 128 carries printable ASCII only");
  const png = await toBuffer({
    bcid: "code128",
    text,
    // Off by default, said here so no identifier is ever read as "^FNC1" and the like.
    parse: false,
    parsefnc: false,
    includetext: false,
    scaleX: CODE128_PIXELS_PER_MODULE,
    scaleY: 1,
    // bwip-js takes the height in millimetres at 72 dots per inch and scale 1.
    height: (HEIGHT_PIXELS * 25.4) / 72,
    paddingwidth: CODE128_QUIET_ZONE_MODULES,
    paddingheight: 0,
    backgroundcolor: "FFFFFF",
  });
  return new Uint8Array(png.buffer, png.byteOffset, png.byteLength);
}

/** The width of a barcode made by `code128Png`, in modules, quiet zones included (from the PNG's header). */
export function code128Modules(png: Uint8Array): number {
  // The 8-byte signature, then the IHDR chunk: length and type (4 bytes each), then the width.
  const width = new DataView(png.buffer, png.byteOffset, png.byteLength).getUint32(16);
  return width / CODE128_PIXELS_PER_MODULE;
}
