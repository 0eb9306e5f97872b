/**
 * A heavy library loaded on its first use and kept (mjml, pdfkit, sharp, the S3 SDK, nodemailer, age): a site at rest
 * holds only what serves pages. A failed load is tried again next time.
 */
export function lazy<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}
