export type { MtProvider, MtRequest, MtResult, MtSegment, MtUsage } from './mt-provider';
