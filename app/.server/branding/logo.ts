import { createHash } from "node:crypto";
import sharp from "sharp";

/**
 * The largest a logo is kept: three times the header's 48 px height (sharp
 * on any screen) and a wide word mark's width. A logo is never enlarged.
 */
export const LOGO_BOX = { width: 480, height: 144 };

export type PreparedLogo = { bytes: Uint8Array; mimeType: "image/png" | "image/jpeg"; width: number; height: number; sha256: string };

/**
 * A logo checked like every upload (checkFile: its bytes are a PNG or JPEG,
 * decoded and written anew without metadata), scaled into LOGO_BOX and
 * written once more in its own format.
 */
export async function prepareLogo(bytes: Uint8Array, mimeType: string): Promise<PreparedLogo> {
  const png = mimeType === "image/png";
  const image = sharp(bytes, { failOn: "error" }).resize({ ...LOGO_BOX, fit: "inside", withoutEnlargement: true });
  const { data, info } = await (png ? image.png({ compressionLevel: 9 }) : image.jpeg({ quality: 90 })).toBuffer({ resolveWithObject: true });
  const out = new Uint8Array(data);
  return { bytes: out, mimeType: png ? "image/png" : "image/jpeg", width: info.width, height: info.height, sha256: createHash("sha256").update(out).digest("hex") };
}
