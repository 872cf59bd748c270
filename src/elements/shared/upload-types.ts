/** What the host's `uploadAttachment` answers for a file: the id it keeps it under, and where it serves it. */
export interface UploadedFile {
  attachmentId: string;
  url?: string;
}

/** What `uploadAttachment` is given beside the file: a signal that aborts the upload, and a progress callback. */
export interface UploadOptions {
  /** Aborted when the file leaves the draft, the draft is cleared, or the composer leaves the page. */
  signal: AbortSignal;
  /** The fraction of the file sent so far, 0 to 1. */
  onProgress(fraction: number): void;
}

/** A host's upload: starts sending `file`, resolves once the host keeps it. */
export type UploadAttachment = (file: File, options: UploadOptions) => Promise<UploadedFile>;
