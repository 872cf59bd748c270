/** The licence comment for the packages among a chunk's modules ('' when there are none). */
export function bundledLicenceBanner(chunk: { moduleIds: readonly string[] }): string;
