import * as React from "react";
import { showToast } from "~/components/ui/toaster";
import type { KeptForm } from "~/lib/use-site";

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** Controls a person types into or chooses with: not hidden fields (the page's own), buttons, files or passwords. */
function isFillable(element: unknown): element is Control {
  if (element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) return !element.disabled;
  return element instanceof HTMLInputElement && !element.disabled && !["hidden", "submit", "button", "reset", "image", "file", "password"].includes(element.type);
}

function controlsNamed(form: HTMLFormElement, name: string): Control[] {
  const item = form.elements.namedItem(name);
  const list = item instanceof RadioNodeList ? Array.from(item) : item ? [item] : [];
  return list.filter(isFillable);
}

/** The form the values were sent from: it posts to the same path, and of those the one with most of the values' controls. */
function formOf(kept: KeptForm): HTMLFormElement | null {
  const intent = kept.fields.find(([name]) => name === "intent")?.[1];
  let best: HTMLFormElement | null = null;
  let bestScore = 0;
  for (const form of Array.from(document.forms)) {
    const action = form.dataset.fetcherAction ?? form.getAttribute("action") ?? window.location.pathname;
    if (new URL(action, window.location.href).pathname !== kept.action) continue;
    // A page with one form per intent (a console record's actions): the one it came from.
    const ownIntent = form.querySelector<HTMLInputElement>('input[type="hidden"][name="intent"]');
    if (intent !== undefined && ownIntent && ownIntent.value !== intent) continue;
    const score = new Set(kept.fields.map(([name]) => name).filter((name) => controlsNamed(form, name).length > 0)).size;
    if (score > bestScore) {
      best = form;
      bestScore = score;
    }
  }
  return best;
}

/** Sets a control's value the way typing would, so the page's own code (React's state) sees it. */
function setValue(control: Control, value: string) {
  const prototype = control instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : control instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
  const setter = Object.getOwnPropertyDescriptor(prototype, "value")?.set;
  if (setter) setter.call(control, value);
  else control.value = value;
  control.dispatchEvent(new Event("input", { bubbles: true }));
  control.dispatchEvent(new Event("change", { bubbles: true }));
}

/** Fills what of `pending` the form has controls for; answers the controls filled and what is still waiting for its control. */
function fill(form: HTMLFormElement, pending: Map<string, string[]>): Control[] {
  const filled: Control[] = [];
  for (const [name, values] of pending) {
    const controls = controlsNamed(form, name);
    if (controls.length === 0) continue;
    pending.delete(name);
    const choices = controls.filter((c): c is HTMLInputElement => c instanceof HTMLInputElement && (c.type === "checkbox" || c.type === "radio"));
    if (choices.length === controls.length) {
      for (const choice of choices) {
        const wanted = values.includes(choice.value);
        // A click, as a person would: the page's handlers follow.
        if (choice.checked !== wanted && (choice.type === "checkbox" || wanted)) choice.click();
        if (wanted) filled.push(choice);
      }
      continue;
    }
    controls.forEach((control, i) => {
      if (i >= values.length) return;
      if (control instanceof HTMLSelectElement && control.multiple) {
        for (const option of Array.from(control.options)) option.selected = values.includes(option.value);
        control.dispatchEvent(new Event("change", { bubbles: true }));
      } else {
        setValue(control, values[i]!);
      }
      filled.push(control);
    });
  }
  return filled;
}

const labelOf = (form: HTMLFormElement, name: string) => {
  const control = form.elements.namedItem(name);
  const label = control instanceof HTMLInputElement ? control.labels?.[0]?.textContent?.trim() : undefined;
  return label || name;
};

const restored = new Set<string>();

/**
 * Puts back what a form held when it was sent after its session ended: the
 * server kept it for this account and gave it to this page once (the root
 * loader's `keptForm`). Filled in passes, a frame apart, so fields that appear
 * when another is chosen get their values too. Files are not kept: the toast
 * names the ones to attach again.
 */
export default function KeptFormRestore({ form: kept }: { form: KeptForm }) {
  React.useEffect(() => {
    if (restored.has(kept.id)) return;
    restored.add(kept.id);
    // Runs to its end once, even if this component goes meanwhile (a revalidation): the values are taken.
    void (async () => {
      const form = formOf(kept);
      if (!form) {
        showToast({
          title: "Your form could not be filled in again",
          description: "It is not on this page now. Please fill it in again.",
          variant: "error",
        });
        return;
      }
      const pending = new Map<string, string[]>();
      for (const [name, value] of kept.fields) if (name !== "intent") pending.set(name, [...(pending.get(name) ?? []), value]);
      const filled: Control[] = [];
      for (let pass = 0; pass < 4 && pending.size > 0; pass++) {
        if (pass > 0) await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
        filled.push(...fill(form, pending));
      }
      const first = filled[0];
      if (first) {
        first.scrollIntoView({ block: "center" });
        first.focus({ preventScroll: true });
      }
      const files = kept.files.map((name) => labelOf(form, name));
      showToast({
        title: "Your form is back",
        description: `You were signed out before it was sent, so nothing was saved. Check it and send it again.${files.length ? ` Attach again: ${files.join(", ")}.` : ""}`,
        variant: "success",
      });
    })();
  }, [kept]);
  return null;
}
