import busboy, { type Busboy } from "busboy";

/**
 * The fields of a multipart/form-data body, read with busboy: the CORE
 * envelope both ways (the connector reads the clearinghouse's answer, the
 * test endpoint reads the inquiry). A part sent as a file (some senders send
 * the Payload so) is read as text like a field.
 */
export function readMultipartFields(contentType: string, body: Buffer, maxFieldBytes = 8 * 1024 * 1024): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    const files: Promise<void>[] = [];
    let parser: Busboy;
    try {
      parser = busboy({
        headers: { "content-type": contentType },
        defParamCharset: "utf8",
        limits: { fields: 32, files: 2, parts: 34, fieldSize: maxFieldBytes, fileSize: maxFieldBytes },
      });
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    parser.on("field", (name, value, info) => {
      if (info.valueTruncated) reject(new Error(`The multipart field ${name} is too large.`));
      else fields[name] = value;
    });
    parser.on("file", (name, stream) => {
      const chunks: Buffer[] = [];
      files.push(
        new Promise((done, fail) => {
          stream.on("data", (c: Buffer) => chunks.push(c));
          stream.on("limit", () => fail(new Error(`The multipart part ${name} is too large.`)));
          stream.on("error", fail);
          stream.on("close", () => {
            fields[name] = Buffer.concat(chunks).toString("utf8");
            done();
          });
        }),
      );
    });
    parser.on("error", (error) => reject(error instanceof Error ? error : new Error(String(error))));
    parser.on("close", () => {
      Promise.all(files).then(() => resolve(fields), reject);
    });
    parser.end(body);
  });
}
