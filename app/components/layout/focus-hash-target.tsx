import * as React from "react";
import { useLocation } from "react-router";

/**
 * After a link to an anchor (the header's Contact link to /#contact, say),
 * moves keyboard focus to that section's heading, so the next Tab continues
 * from there and a screen reader announces where the reader landed. Scrolling
 * stays with the router, which already brings the anchor into view.
 */
export function FocusHashTarget() {
  const { hash, key } = useLocation();
  React.useEffect(() => {
    if (!hash) return;
    let target: HTMLElement | null = null;
    try {
      target = document.getElementById(decodeURIComponent(hash.slice(1)));
    } catch {
      return;
    }
    const heading = target?.querySelector<HTMLElement>("h1, h2, h3") ?? target;
    if (!heading) return;
    if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
    heading.focus({ preventScroll: true });
  }, [hash, key]);
  return null;
}
