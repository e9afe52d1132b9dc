/**
 * The emulator counts segments exactly as the rest of Parley does (src/domain/segments.ts): one
 * rule for the counter, the credit charge and the carrier's own count.
 */
export { countSegments, type SegmentCount } from "../../../domain/segments";
