import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names (strings, conditionals, arrays). It does not resolve
 * conflicting Tailwind classes: when both are given, the stylesheet's order
 * decides, not their order here. So a component takes overridable looks
 * (a size, a padding, a colour) as variants or props, never as a className
 * that is meant to replace one of its own classes.
 */
export const cn = (...inputs: ClassValue[]) => clsx(inputs);
