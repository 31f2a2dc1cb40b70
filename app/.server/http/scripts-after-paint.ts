import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

/**
 * Scripts start after the first paint. A hydrated page is whole HTML before
 * any script runs (every link and form works without one), so the browser
 * should spend the first moments on the document and the stylesheet, not on
 * the app's modules: fetched at once, they compete with the stylesheet on a
 * slow line, and the app, run as soon as it arrives, hydrates before the page
 * is first painted.
 *
 * React Router's `<Scripts>` writes `<link rel="modulepreload">` for each
 * module and one inline `<script type="module" async>` that imports them and
 * starts the app. This rewrites both into inert forms:
 * - the preloads lose their `rel` and keep the address in `data-modulepreload`;
 * - the module script becomes `type="text/plain"` marked `data-after-paint`;
 * and `SCRIPTS_AFTER_PAINT` (an inline script the root layout renders after
 * `<Scripts>`) turns them back on after the first frame: the preloads fetch
 * all modules at once, then a module script with the same text runs.
 * The text and the nonce stay as they were, so a page's CSP (a nonce, or the
 * cached pages' hashes of their inline scripts) allows the script it starts.
 */
const PRELOAD = /<link rel="modulepreload"/g;
const MODULE_SCRIPT = /<script((?: nonce="[^"]*")?) type="module" async="">/g;

/** The document's HTML with the app's scripts made inert until `SCRIPTS_AFTER_PAINT` starts them. */
export function scriptsAfterPaint(html: string): string {
  return html.replace(PRELOAD, '<link data-modulepreload=""').replace(MODULE_SCRIPT, '<script$1 type="text/plain" data-after-paint="">');
}

/**
 * The same rewrite over a stream of the document. A chunk may end inside a
 * tag, so whatever follows the last `<` that has no `>` after it waits for
 * the next chunk.
 */
export function scriptsAfterPaintStream(): Transform {
  let carry = "";
  // A chunk may also end inside a character of several bytes.
  const decoder = new StringDecoder("utf8");
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = carry + decoder.write(chunk);
      const open = text.lastIndexOf("<");
      const cut = open > text.lastIndexOf(">") ? open : text.length;
      carry = text.slice(cut);
      callback(null, scriptsAfterPaint(text.slice(0, cut)));
    },
    flush(callback) {
      const rest = carry + decoder.end();
      callback(null, rest ? scriptsAfterPaint(rest) : undefined);
    },
  });
}
