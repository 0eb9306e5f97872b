/** Thumb-sized fields (44 px) for the club's settings, on a 360 px phone as on a desk. */
export const FIELD = { size: 'md', styles: { input: { minHeight: 44 } } } as const;
