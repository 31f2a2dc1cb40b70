import { Phone, type LucideIcon } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { Button, type ButtonProps } from "~/components/ui/button";
import { telHref } from "~/config/site";
import { useSite } from "~/lib/use-site";

type ButtonLook = Pick<ButtonProps, "variant" | "size" | "className">;

/**
 * A button that is a link: an in-app route (`to`) or any address (`href`),
 * with an optional icon before or after its text.
 */
export function ButtonLink({
  to,
  href,
  icon: Icon,
  trailingIcon: TrailingIcon,
  children,
  ...look
}: ButtonLook & {
  to?: string;
  href?: string;
  icon?: LucideIcon;
  trailingIcon?: LucideIcon;
  children: React.ReactNode;
}) {
  const content = (
    <>
      {Icon ? <Icon aria-hidden /> : null}
      {children}
      {TrailingIcon ? <TrailingIcon aria-hidden /> : null}
    </>
  );
  return (
    <Button asChild {...look}>
      {to === undefined ? <a href={href}>{content}</a> : <Link to={to}>{content}</Link>}
    </Button>
  );
}

/** Large hero and call-to-action button that calls the company's phone line. */
export function CallButton({ variant = "outline-inverse", size = "lg", children, ...look }: ButtonLook & { children?: React.ReactNode }) {
  const site = useSite();
  return (
    <ButtonLink href={telHref(site.phone)} icon={Phone} variant={variant} size={size} {...look}>
      {children ?? <>Call {site.phone}</>}
    </ButtonLink>
  );
}
