/**
 * A barcode scanner acting as a keyboard types a GS1 group separator (ASCII
 * 29) as Ctrl+], which a text box ignores. A scan field listens for it and
 * puts GROUP_SEPARATOR into its value instead. The key is matched by its place
 * (the key right of P), so a scanner set to another keyboard layout, where that
 * key types "+" or "*", is caught too.
 */
export type KeyLike = { key: string; code: string; ctrlKey: boolean; altKey: boolean; metaKey: boolean };

export function isGroupSeparatorKey(event: KeyLike): boolean {
  if (!event.ctrlKey || event.altKey || event.metaKey) return false;
  return event.code === "BracketRight" || event.key === "]" || event.key === "\u001d";
}
