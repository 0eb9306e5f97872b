/** The phone's own font: nothing to download (the app's theme, and the header bar the server paints first). */
export const APP_FONT_FAMILY = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
