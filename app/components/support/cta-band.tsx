import type * as React from "react";

/**
 * Closing call to action: a dark panel with an h2, a sentence and actions.
 * Best placed after a muted Section, since it brings its own spacing.
 */
export function CtaBand({ id, title, text, children }: { id: string; title: string; text: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="mx-auto max-w-7xl px-4 py-14 sm:px-6 md:py-20">
      <div className="rounded-2xl bg-gradient-to-br from-navy to-primary px-6 py-10 text-white sm:px-10 md:flex md:items-center md:justify-between md:gap-10">
        <div className="max-w-2xl">
          <h2 id={id} className="text-2xl font-bold tracking-tight sm:text-3xl">
            {title}
          </h2>
          <p className="mt-3 leading-relaxed text-white/85">{text}</p>
        </div>
        <div className="mt-6 flex flex-wrap gap-3 md:mt-0 md:shrink-0">{children}</div>
      </div>
    </section>
  );
}
