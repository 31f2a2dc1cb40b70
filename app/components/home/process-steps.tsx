import { cn } from "~/lib/utils";

export type Step = { title: string; description: string };

/** A numbered row of steps (h3 each), for use under a Section's h2. */
export function ProcessSteps({ steps, className }: { steps: readonly Step[]; className?: string }) {
  return (
    <ol className={cn("grid gap-6 md:grid-cols-3", className)}>
      {steps.map((step, index) => (
        <li key={step.title} className="relative min-w-0 rounded-xl border border-border bg-background p-6 shadow-sm sm:p-7">
          <span
            aria-hidden
            className="inline-flex size-11 items-center justify-center rounded-full bg-primary text-lg font-bold text-primary-foreground"
          >
            {index + 1}
          </span>
          <h3 className="mt-5 text-lg font-semibold text-navy">
            <span className="sr-only">Step {index + 1}: </span>
            {step.title}
          </h3>
          <p className="mt-2 leading-relaxed text-muted-foreground">{step.description}</p>
        </li>
      ))}
    </ol>
  );
}
