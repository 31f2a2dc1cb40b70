export * from "./library";
export { fileDownload } from "./download";
export { libraryIntents, LIBRARY_FORM_READ } from "./form";
