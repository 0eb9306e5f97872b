/** The field that shows a message about a documents path: the path itself ('documents.waiver.content'). */
export const documentsField = (path: string) => (path.startsWith('documents.') ? path : undefined);
