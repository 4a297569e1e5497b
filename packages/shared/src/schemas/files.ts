/**
 * Kinds of uploaded files the server can recognise by content (hw-files). Each area accepts a
 * subset: course files .zip/.rar, homework files the documents and images below (docs/decisions.md
 * "Homework files"). Browser-safe: the upload controls offer the same extensions.
 */
export const fileKinds = ['pdf', 'png', 'jpeg', 'gif', 'webp', 'docx', 'xlsx', 'pptx', 'zip', 'rar'] as const;
export type FileKind = (typeof fileKinds)[number];

/** The extensions a file name of each kind may end with; the first is the one added when missing. */
export const fileKindExtensions: Record<FileKind, readonly string[]> = {
  pdf: ['.pdf'],
  png: ['.png'],
  jpeg: ['.jpg', '.jpeg'],
  gif: ['.gif'],
  webp: ['.webp'],
  docx: ['.docx'],
  xlsx: ['.xlsx'],
  pptx: ['.pptx'],
  zip: ['.zip'],
  rar: ['.rar'],
};

/** The extensions of a list of kinds, e.g. for a file input's `accept`. */
export const extensionsOf = (kinds: readonly FileKind[]): string[] =>
  kinds.flatMap((k) => fileKindExtensions[k]);
