import { CalendarCheck, Clock, Mail, MapPin, MessageSquare, Phone, Siren } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { ContactForm } from "~/components/forms/contact-form";
import { Section } from "~/components/layout/section";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { IconTile } from "~/components/ui/icon-tile";
import { formatAddress, telHref } from "~/config/site";
import { useSite } from "~/lib/use-site";

/** Landing page contact section (anchor #contact): message form, contact details and the free consultation offer. */
export function ContactSection() {
  const site = useSite();
  return (
    <Section
      id="contact"
      title="Get in touch"
      lead="Questions about our products, insurance verification or ordering? Send us a message and we'll reply within 24 hours."
    >
      <div className="grid gap-8 lg:grid-cols-5">
        <Card className="flex min-w-0 flex-col lg:col-span-3">
          <CardHeader>
            <CardTitle>Send us a message</CardTitle>
            <p className="text-sm text-muted-foreground">
              Tell us a little about your practice and how we can help.
            </p>
          </CardHeader>
          <CardContent className="flex-1">
            <ContactForm />
          </CardContent>
          <CardFooter rule="md" className="mt-auto flex-wrap gap-x-6 gap-y-2 text-sm text-muted-foreground">
            <span className="inline-flex items-center gap-2">
              <Clock aria-hidden className="size-4 text-primary" />
              Reply within 24 hours
            </span>
            <span className="inline-flex items-center gap-2">
              <Phone aria-hidden className="size-4 text-primary" />
              <span>
                Prefer to talk? Call{" "}
                <a href={telHref(site.phone)} className="font-medium text-primary underline-offset-4 hover:underline">
                  {site.phone}
                </a>
              </span>
            </span>
            <span className="inline-flex items-center gap-2">
              <MessageSquare aria-hidden className="size-4 text-primary" />
              <span>
                Or{" "}
                <Link to="/support/chat" className="font-medium text-primary underline-offset-4 hover:underline">
                  start a live chat
                </Link>
              </span>
            </span>
          </CardFooter>
        </Card>

        <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
          <Card>
            <CardHeader>
              <CardTitle>Contact information</CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="space-y-5">
                <ContactItem icon={<Phone className="size-5" />} label="Phone">
                  <a href={telHref(site.phone)} className="font-medium text-primary underline-offset-4 hover:underline">
                    {site.phone}
                  </a>
                </ContactItem>
                <ContactItem icon={<Mail className="size-5" />} label="Email">
                  <a
                    href={`mailto:${site.email}`}
                    className="font-medium break-words text-primary underline-offset-4 hover:underline"
                  >
                    {site.email}
                  </a>
                </ContactItem>
                <ContactItem icon={<MapPin className="size-5" />} label="Address">
                  <address className="not-italic">{formatAddress(site.address)}</address>
                </ContactItem>
                <ContactItem icon={<Clock className="size-5" />} label="Business hours">
                  Mon-Fri 8AM-6PM EST
                </ContactItem>
                <ContactItem icon={<Siren className="size-5" />} label="Emergency support">
                  Available 24/7
                </ContactItem>
              </ul>
            </CardContent>
          </Card>

          <div className="rounded-xl bg-gradient-to-br from-primary to-accent p-6 text-white shadow-sm sm:p-7">
            <div className="flex items-center gap-3">
              <span aria-hidden className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg bg-white/15">
                <CalendarCheck className="size-5" />
              </span>
              <h3 className="text-lg font-semibold">Free consultation</h3>
            </div>
            <p className="mt-3 leading-relaxed text-white/90">
              Book a free 30-minute consultation with our team to review your wound care program, insurance
              workflow and ordering needs.
            </p>
            <Button asChild variant="inverse" className="mt-5">
              <Link to="/intake">Schedule Now</Link>
            </Button>
          </div>
        </div>
      </div>
    </Section>
  );
}

function ContactItem({ icon, label, children }: { icon: React.ReactNode; label: string; children: React.ReactNode }) {
  return (
    <li className="flex items-start gap-4">
      <IconTile aria-hidden size="sm">
        {icon}
      </IconTile>
      <div className="min-w-0 text-sm">
        <p className="font-semibold text-navy">{label}</p>
        <div className="mt-0.5 text-muted-foreground">{children}</div>
      </div>
    </li>
  );
}
