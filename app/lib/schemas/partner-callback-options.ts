import type { Option } from "./fields";

export type ExperienceRange = "0-2" | "3-5" | "6-10" | "10+";
export type CallTime = "morning" | "afternoon" | "evening" | "anytime";

export const experienceOptions = [
  { value: "0-2", label: "0-2 years" },
  { value: "3-5", label: "3-5 years" },
  { value: "6-10", label: "6-10 years" },
  { value: "10+", label: "10+ years" },
] as const satisfies readonly [Option<ExperienceRange>, ...Option<ExperienceRange>[]];

export const bestTimeOptions = [
  { value: "morning", label: "Morning (8AM-12PM)" },
  { value: "afternoon", label: "Afternoon (12PM-5PM)" },
  { value: "evening", label: "Evening (5PM-8PM)" },
  { value: "anytime", label: "Anytime" },
] as const satisfies readonly [Option<CallTime>, ...Option<CallTime>[]];
