/**
 * Reading a graft's identifier from a scan or from what a person typed; the
 * same in the browser (the scan field shows what it read as the scanner types)
 * and on the server (which reads the submitted text again).
 */
export { readScan, mergeScans, isScanError, type ScanKind, type ScanReading, type ScanError, type ScanResult } from "./scan";
export { GROUP_SEPARATOR, gs1CheckDigit, isValidGtin, type Gs1Element } from "./gs1";
export { dinCheckCharacter, formatDin, isDin } from "./isbt128";
export { TISSUE_ID, TISSUE_ID_RULE, isPlainTissueId } from "./plain";
export { isGroupSeparatorKey, type KeyLike } from "./keyboard";
