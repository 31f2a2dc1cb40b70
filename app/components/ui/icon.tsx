import {
  BookOpen,
  ClipboardCheck,
  DollarSign,
  FileText,
  GraduationCap,
  HeadphonesIcon,
  HeartPulse,
  Monitor,
  Package,
  Settings,
  ShieldCheck,
  Stethoscope,
  Truck,
  Users,
  type LucideProps,
} from "lucide-react";
import type { IconName } from "~/content/types";

const icons = {
  "shield-check": ShieldCheck,
  "clipboard-check": ClipboardCheck,
  monitor: Monitor,
  "dollar-sign": DollarSign,
  stethoscope: Stethoscope,
  headphones: HeadphonesIcon,
  package: Package,
  "graduation-cap": GraduationCap,
  "file-text": FileText,
  truck: Truck,
  users: Users,
  "heart-pulse": HeartPulse,
  "book-open": BookOpen,
  settings: Settings,
} satisfies Record<IconName, React.ComponentType<LucideProps>>;

/** Icon named in content records; always decorative. */
export function Icon({ name, ...props }: { name: IconName } & LucideProps) {
  const Component = icons[name];
  return <Component aria-hidden {...props} />;
}
