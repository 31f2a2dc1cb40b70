/**
 * A JSON body sent by the site's own script: refused unless its type is
 * application/json (which a form of another site cannot send without the
 * browser asking first) and it fits in `maxBytes`.
 */
export async function readJsonBody(request: Request, maxBytes: number): Promise<{ ok: true; value: unknown } | { ok: false; answer: Response }> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/json\b/i.test(type)) return { ok: false, answer: Response.json({ message: "This address takes JSON only." }, { status: 415 }) };
  const text = await request.text();
  if (Buffer.byteLength(text) > maxBytes) return { ok: false, answer: Response.json({ message: "Too large." }, { status: 413 }) };
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== "object" || value === null) throw new Error("not an object");
    return { ok: true, value };
  } catch {
    return { ok: false, answer: Response.json({ message: "That is not JSON." }, { status: 400 }) };
  }
}
