import { z } from "zod";
import { EDUCATION_CATEGORY_NAMES, LIBRARY_CATEGORIES } from "~/content/library";
import { LIMITS, optionalText, requiredText } from "./common";

/** The Forms Library's and Education's staff forms (/admin/library); the files are checked beside them. */

const category = (names: readonly string[], message: string) => z.string({ error: message }).refine((v) => names.includes(v), message);

const versionLabel = () => requiredText("Version", 40, "Enter the version (for example 2026-11 or v2)");

export const libraryUploadSchema = z.object({
  title: requiredText("Title", LIMITS.short, "Enter the document's title"),
  category: category(LIBRARY_CATEGORIES, "Choose the category"),
  description: optionalText("Description", 500),
  label: versionLabel(),
});

export const libraryReplaceSchema = z.object({
  documentId: z.string().regex(/^[0-9a-f-]{36}$/i, "This document is not in the library"),
  label: versionLabel(),
});

/** An http(s) address, or nothing when a file is attached. */
const link = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
  z
    .string()
    .trim()
    .max(2000, "The link must be 2,000 characters or fewer")
    .refine((v) => /^https?:\/\/[^\s<>"]+$/i.test(v), "Enter a link starting with https://")
    .optional(),
);

export const educationSchema = z.object({
  category: category(EDUCATION_CATEGORY_NAMES, "Choose the category"),
  title: requiredText("Title", LIMITS.short, "Enter the resource's title"),
  description: requiredText("Description", 1000, "Enter a short description"),
  url: link,
});

/** The members' search: what was typed and the category, both optional. */
export const librarySearchSchema = z.object({
  q: z.string().trim().max(100).catch("").default(""),
  category: z
    .string()
    .refine((v) => (LIBRARY_CATEGORIES as readonly string[]).includes(v))
    .optional()
    .catch(undefined),
});
