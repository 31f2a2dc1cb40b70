// The package ships no types; this is the part of its interface we use
// (src/BarcodeParser.js of gs1-barcode-parser-mod 1.2).
declare module "gs1-barcode-parser-mod" {
  export type ParsedElement = {
    /** The application identifier, "01", "10", "3103"... */
    ai: string;
    dataTitle: string;
    /** The element read: text, a number, or a Date for date elements. */
    data: string | number | Date;
    unit: string;
    /** A date element's day as written, "2026-06-30"; "" for other elements. */
    isoDate: string;
    /** The untouched characters the element was read from. */
    raw: string;
  };
  export type ParsedBarcode = { codeName: string; parsedCodeItems: ParsedElement[] };
  /** Throws a string saying what is wrong when the data is not a GS1 element string. */
  export function parseBarcode(barcode: string): ParsedBarcode;
}
