/** Facts about the club that appear on screens, in e-mails and in documents. */
export const CLUB = {
  name: 'Tweed Coast Anglers Club',
  shortName: 'Tweed Coast Anglers',
  region: 'Tweed Shire, New South Wales',
  /** The local government area the club's waters lie in, as a sentence names it. */
  area: 'the Tweed Shire',
  /** What the club's people call where they fish. */
  localName: 'the Tweed',
  /** The state, as an address writes it. */
  state: 'NSW',
  timeZone: 'Australia/Sydney',
  /** NSW Fair Trading incorporated association number, printed in the code of conduct. */
  associationNumber: 'INC9887766',
  contactEmail: 'committee@tweedcoastanglers.org.au',
  colours: {
    primary: '#1971c2',
    primaryDark: '#0b3d6b',
    accent: '#12b886',
    sand: '#f8f4ec',
  },
  /** The phone's own font: nothing to download (the app's theme, and the header bar the server paints first). */
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
} as const;
